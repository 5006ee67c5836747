import { contactUs, paragraph, type Templates } from "./data.server";
import { formatMailDateTime } from "./text.server";

const minutes = (count: number) => `${count} ${count === 1 ? "minute" : "minutes"}`;

/** The mails about a password: the reset link, and the notice that it changed. */
export const ACCOUNT_TEMPLATES: Pick<Templates, "passwordReset" | "passwordChanged"> = {
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
