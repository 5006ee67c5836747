import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";

/**
 * An Indian mobile number in E.164 ("+919876543210") from what a family typed ("98765 43210",
 * "+91-98765-43210", "09876543210"), or null when it is not a valid Indian mobile (issue 39 point
 * 8). libphonenumber-js's mobile metadata knows which Indian ranges are mobiles, so a landline
 * or a number of another country is refused, not guessed at.
 */
export function indianMobile(typed: string): string | null {
  // Digits and the usual separators only: the library would read letters as a keypad's ("1-800-FLOWERS").
  if (!/^[\d\s().+-]+$/.test(typed)) return null;
  const parsed = parsePhoneNumberFromString(typed.trim(), "IN");
  if (!parsed || parsed.country !== "IN" || !parsed.isValid()) return null;
  return parsed.number;
}
