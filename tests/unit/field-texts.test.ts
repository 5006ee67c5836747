import { describe, expect, it } from "vitest";
import { FORMS } from "~/domain/forms";
import { LIMITS } from "~/domain/limits";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { FIELD_TEXTS } from "~/domain/texts/fields";
import { translator } from "~/domain/translations";
import { isAppError } from "~/services/errors";
import { parseForm } from "~/services/validation";
import { failureIn } from "~/utils/form-failure.server";
import type { FormFailure } from "~/utils/forms";
import { validEnrollment } from "../api/helpers";

/** What the enrollment form's rules answer for `changes` to a valid enrollment: its field errors. */
function refusal(changes: Record<string, string | undefined>): {
  message: string;
  errors: Record<string, string[]>;
} {
  try {
    parseForm(FORMS.enrollment, { ...validEnrollment(), ...changes });
  } catch (error) {
    if (isAppError(error)) return { message: error.message, errors: error.errors ?? {} };
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(changes)}`);
}

/**
 * For each field message key, a submission that breaks its rule. The key's English must be the
 * message the rule writes, word for word: a Hindi page finds its translation by that English.
 */
const BROKEN: Record<string, [field: string, changes: Record<string, string | undefined>]> = {
  "error.studentName.required": ["studentName", { studentName: "  " }],
  "error.studentName.tooLong": ["studentName", { studentName: "a".repeat(LIMITS.name + 1) }],
  "error.studentName.invisibleOnly": ["studentName", { studentName: "\u200b" }],
  "error.studentName.notAllowed": ["studentName", { studentName: "Diya\u202e" }],
  "error.studentName.oneLine": ["studentName", { studentName: "Diya\nShah" }],
  "error.parentName.required": ["parentName", { parentName: undefined }],
  "error.parentName.tooLong": ["parentName", { parentName: "a".repeat(LIMITS.name + 1) }],
  "error.parentName.invisibleOnly": ["parentName", { parentName: "\u200b" }],
  "error.parentName.notAllowed": ["parentName", { parentName: "Neel\u202e" }],
  "error.parentName.oneLine": ["parentName", { parentName: "Neel\nShah" }],
  "error.grade.invalid": ["grade", { grade: "Grade 12" }],
  "error.email.required": ["email", { email: "" }],
  "error.email.invalid": ["email", { email: "neel.shah" }],
  "error.mobile.required": ["mobile", { mobile: "" }],
  "error.mobile.invalid": ["mobile", { mobile: "12345" }],
  "error.consent.required": ["consent", { consent: undefined }],
  "error.noticeVersion.missing": ["noticeVersion", { noticeVersion: undefined }],
  "error.noticeVersion.changed": ["noticeVersion", { noticeVersion: `${PRIVACY_NOTICE_VERSION}-old` }],
};

describe("the field texts a Hindi page shows the server's messages with", () => {
  const english = translator(FIELD_TEXTS, "en");
  const hindi = translator(FIELD_TEXTS, "hi");

  it.each(Object.entries(BROKEN))("%s is the rule's own English", (key, [field, changes]) => {
    expect(refusal(changes).errors[field]).toEqual([english(key as never)]);
  });

  it("has a submission for every field message key", () => {
    const fieldKeys = Object.keys(FIELD_TEXTS.en).filter(
      (key) => key.startsWith("error.") && !key.startsWith("error.form."),
    );
    expect(fieldKeys.sort()).toEqual(Object.keys(BROKEN).sort());
  });

  it("names the enrollment's own refusals as the rules and the orders service write them", () => {
    const enrollment = translator(ENROLLMENT_TEXTS, "en");
    expect(refusal({ amount: "fifteen" }).errors.amount).toEqual([enrollment("error.amount.number")]);
  });

  it("puts every message of a refusal in Hindi by its key, and leaves English as it was", () => {
    const { message, errors } = refusal({ mobile: "12345", studentName: "" });
    const failure: FormFailure = { id: "1", message, errors, values: {} };
    expect(failureIn(failure, "en")).toBe(failure);
    expect(failureIn(failure, "hi")).toEqual({
      ...failure,
      message: hindi("error.form.invalid"),
      errors: { studentName: [hindi("error.studentName.required")], mobile: [hindi("error.mobile.invalid")] },
    });
  });

  it("carries a message's values into its translation, the grade named in Hindi", () => {
    const enrollment = translator(ENROLLMENT_TEXTS, "en");
    const message = enrollment("error.amount.changed", { grade: "Grade 2", fee: "₹15,000" });
    const failure: FormFailure = { id: "1", message, errors: { amount: [message] }, values: {} };
    const hindiMessage = translator(ENROLLMENT_TEXTS, "hi")("error.amount.changed", {
      grade: "कक्षा 2",
      fee: "₹15,000",
    });
    expect(failureIn(failure, "hi", [ENROLLMENT_TEXTS])).toEqual({
      ...failure,
      message: hindiMessage,
      errors: { amount: [hindiMessage] },
    });
  });

  it("leaves a message no key names as it was written", () => {
    const failure: FormFailure = {
      id: "1",
      message: "Something new.",
      errors: { x: ["Also new."] },
      values: {},
    };
    expect(failureIn(failure, "hi")).toEqual(failure);
  });
});
