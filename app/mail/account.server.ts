import { contactUs, paragraph, type Templates } from "./data.server";
import { formatMailDateTime, type Block } from "./text.server";

const minutes = (count: number) => `${count} ${count === 1 ? "minute" : "minutes"}`;
const hours = (count: number) => `${count} ${count === 1 ? "hour" : "hours"}`;

/**
 * The verification link and what it is for: in the welcome mail (registration sends one mail,
 * not two) and in "Send the link again".
 */
export function verifyAddressBlocks(verifyUrl: string, validHours: number | undefined): Block[] {
  return [
    paragraph(
      "Please confirm that this e-mail address is yours. Then your profile also shows the applications, demo requests and fee payments sent from this address before you had an account.",
    ),
    { kind: "button", label: "Confirm my e-mail address", url: verifyUrl },
    paragraph(
      validHours ? `The link works once, for the next ${hours(validHours)}.` : "The link works once.",
    ),
  ];
}

/** The mails about a password: the reset link, and the notice that it changed. */
export const ACCOUNT_TEMPLATES: Pick<Templates, "passwordReset" | "passwordChanged" | "verifyEmail"> = {
  verifyEmail: (data, { school, site }) => ({
    subject: `Confirm your e-mail address for ${school.name}`,
    preheader: `The link works for ${hours(data.validHours)}.`,
    greeting: `Dear ${data.name},`,
    blocks: [
      ...verifyAddressBlocks(data.verifyUrl, data.validHours),
      { kind: "note", text: "If you did not ask for this, you can ignore this e-mail." },
    ],
    signOff: "team",
    reason: `You are receiving this e-mail because a new confirmation link was asked for on ${site} for the account with this e-mail address.`,
  }),

  passwordReset: (data, { school, site }) => ({
    subject: `Reset your ${school.name} password`,
    preheader: `The link works for ${minutes(data.validMinutes)}.`,
    greeting: `Dear ${data.name},`,
    blocks: [
      paragraph(`We received a request to reset the password of your account on ${site}.`),
      { kind: "button", label: "Choose a new password", url: data.resetUrl },
      paragraph(`The link works for the next ${minutes(data.validMinutes)}.`),
      {
        kind: "note",
        text: "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
      },
    ],
    signOff: "team",
    reason: `You are receiving this e-mail because a password reset was requested on ${site} for this e-mail address.`,
  }),

  passwordChanged: (data, { school, link, site }) => ({
    subject: `Your ${school.name} password was changed`,
    preheader: "If this was not you, reset your password now.",
    greeting: `Dear ${data.name},`,
    blocks: [
      paragraph(
        `The password of your account on ${site} was changed on ${formatMailDateTime(data.changedAt)}. If you made this change, there is nothing more to do.`,
      ),
      { kind: "note", text: `If this was not you, reset your password now and ${contactUs(school)}.` },
      { kind: "button", label: "Reset your password", url: link("/login?view=forgot") },
    ],
    signOff: "team",
    reason: `You are receiving this e-mail because the password of the account with this e-mail address on ${site} was changed.`,
  }),
};
