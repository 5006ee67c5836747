import { contactUs, paragraph, type Templates } from "./data.server";
import { formatMailDateTime } from "./text.server";

const counted = (total: number, one: string, many: string) => `${total} ${total === 1 ? one : many}`;

/**
 * "Your Zipat account has been deleted" (issue 20): what was erased, what the school keeps and
 * why. Its data holds counts only, no name: the outbox row keeps nothing personal but the
 * address it is delivered to.
 */
export const ERASURE_TEMPLATES: Pick<Templates, "accountDeleted"> = {
  accountDeleted: (data, { school, site }) => ({
    subject: `Your ${school.name} account has been deleted`,
    preheader: "What we erased, and the payment records the law asks us to keep.",
    greeting: "Hello,",
    blocks: [
      paragraph(
        `As you asked on ${formatMailDateTime(data.erasedAt)}, your account on ${site} has been deleted and you have been signed out everywhere.`,
      ),
      { kind: "heading", text: "What we erased" },
      {
        kind: "facts",
        rows: [
          ["Your account", "name, e-mail address and password"],
          ["Admission applications", counted(data.applications, "application", "applications")],
          ["Demo class requests", counted(data.demoRequests, "request", "requests")],
          ["Liked courses", counted(data.courseLikes, "like", "likes")],
          ...(data.teacherApplications
            ? [
                [
                  "Teacher registrations",
                  counted(data.teacherApplications, "registration and its CV", "registrations and their CVs"),
                ] as [string, string],
              ]
            : []),
        ],
      },
      paragraph(
        "The names, dates of birth, phone numbers and e-mail addresses in those records were replaced, and the e-mails we had sent you were removed from our records.",
      ),
      data.orders > 0 && { kind: "heading", text: "What we keep, and why" },
      data.orders > 0 &&
        paragraph(
          `Tax and accounting law requires us to keep a record of every fee payment. For your ${counted(data.orders, "payment", "payments")} we keep only the amount, the dates, the status and the payment references; the names, phone number and e-mail address on them were removed.`,
        ),
      { kind: "note", text: `If you did not ask for this, ${contactUs(school)} at once.` },
    ],
    signOff: "team",
    reason: `You are receiving this e-mail because the account with this e-mail address on ${site} was deleted at its owner's request. This is the last e-mail we send to this address about it.`,
  }),
};
