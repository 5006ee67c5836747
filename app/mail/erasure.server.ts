import { contactUs, paragraph, type Templates } from "./data.server";
import { formatMailDateTime } from "./text.server";

/**
 * "Your Zipat account has been deleted" (issue 20): what was erased, what the school keeps and
 * why. Its data holds counts only (and the account's language), no name: the outbox row keeps
 * nothing personal but the address it is delivered to.
 */
export const ERASURE_TEMPLATES: Pick<Templates, "accountDeleted"> = {
  accountDeleted: {
    subject: (_data, { school, t }) => t("accountDeleted.subject", { school: school.name }),
    body: (data, context) => {
      const { site, language, t } = context;
      return {
        preheader: t("accountDeleted.preheader"),
        greeting: t("accountDeleted.greeting"),
        blocks: [
          paragraph(t("accountDeleted.done", { time: formatMailDateTime(data.erasedAt, language), site })),
          { kind: "heading", text: t("accountDeleted.erasedHeading") },
          {
            kind: "facts",
            rows: [
              [t("accountDeleted.account"), t("accountDeleted.accountFields")],
              [
                t("accountDeleted.applications"),
                t("accountDeleted.applicationCount", { count: data.applications }),
              ],
              [
                t("accountDeleted.demoRequests"),
                t("accountDeleted.demoRequestCount", { count: data.demoRequests }),
              ],
              [
                t("accountDeleted.courseLikes"),
                t("accountDeleted.courseLikeCount", { count: data.courseLikes }),
              ],
              ...(data.teacherApplications
                ? [
                    [
                      t("accountDeleted.teacherApplications"),
                      t("accountDeleted.teacherApplicationCount", { count: data.teacherApplications }),
                    ] as [string, string],
                  ]
                : []),
            ],
          },
          paragraph(t("accountDeleted.replaced")),
          data.orders > 0 && { kind: "heading", text: t("accountDeleted.keptHeading") },
          data.orders > 0 &&
            paragraph(
              t("accountDeleted.kept", {
                payments: t("accountDeleted.paymentCount", { count: data.orders }),
              }),
            ),
          { kind: "note", text: t("accountDeleted.notYou", { contact: contactUs(context) }) },
        ],
        signOff: "team",
        reason: t("accountDeleted.reason", { site }),
      };
    },
  },
};
