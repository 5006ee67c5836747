import { contactUs, greeting, paragraph, type MailTexts, type Templates } from "./data.server";
import { formatMailDateTime, type Block } from "./text.server";

/**
 * The verification link and what it is for: in the welcome mail (registration sends one mail,
 * not two) and in "Send the link again".
 */
export function verifyAddressBlocks(
  verifyUrl: string,
  validHours: number | undefined,
  t: MailTexts,
): Block[] {
  return [
    paragraph(t("verify.why")),
    { kind: "button", label: t("verify.button"), url: verifyUrl },
    paragraph(
      validHours ? t("verify.validFor", { hours: t("hours", { count: validHours }) }) : t("verify.once"),
    ),
  ];
}

/** The mails about a password: the reset link, and the notice that it changed. */
export const ACCOUNT_TEMPLATES: Pick<Templates, "passwordReset" | "passwordChanged" | "verifyEmail"> = {
  verifyEmail: {
    subject: (_data, { school, t }) => t("verifyEmail.subject", { school: school.name }),
    body: (data, { link, site, t }) => ({
      preheader: t("verifyEmail.preheader", { hours: t("hours", { count: data.validHours }) }),
      greeting: greeting(data.name, t),
      blocks: [
        ...verifyAddressBlocks(link(data.verifyUrl), data.validHours, t),
        { kind: "note", text: t("verifyEmail.ignore") },
      ],
      signOff: "team",
      reason: t("verifyEmail.reason", { site }),
    }),
  },

  passwordReset: {
    subject: (_data, { school, t }) => t("passwordReset.subject", { school: school.name }),
    body: (data, { link, site, t }) => {
      const minutes = t("minutes", { count: data.validMinutes });
      return {
        preheader: t("passwordReset.preheader", { minutes }),
        greeting: greeting(data.name, t),
        blocks: [
          paragraph(t("passwordReset.asked", { site })),
          { kind: "button", label: t("passwordReset.button"), url: link(data.resetUrl) },
          paragraph(t("passwordReset.validFor", { minutes })),
          { kind: "note", text: t("passwordReset.ignore") },
        ],
        signOff: "team",
        reason: t("passwordReset.reason", { site }),
      };
    },
  },

  passwordChanged: {
    subject: (_data, { school, t }) => t("passwordChanged.subject", { school: school.name }),
    body: (data, context) => {
      const { link, site, language, t } = context;
      return {
        preheader: t("passwordChanged.preheader"),
        greeting: greeting(data.name, t),
        blocks: [
          paragraph(
            t("passwordChanged.changed", { site, time: formatMailDateTime(data.changedAt, language) }),
          ),
          { kind: "note", text: t("passwordChanged.notYou", { contact: contactUs(context) }) },
          { kind: "button", label: t("passwordChanged.button"), url: link("/login?view=forgot") },
        ],
        signOff: "team",
        reason: t("passwordChanged.reason", { site }),
      };
    },
  },
};
