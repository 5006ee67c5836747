import { formatLongDay, formatMobile } from "~/domain/format";
import { RECORD_KINDS } from "~/domain/record-kinds";
import { paragraph, workingDays, type MailContext, type Templates } from "./data.server";
import { oneLine, rupees } from "./text.server";

/** "1 call", "3 calls". */
const countOf = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

const staffReason = ({ site }: MailContext) =>
  `You are receiving this e-mail because this address receives the staff notifications of ${site}.`;

type Family = { studentName: string; grade: string; parentName: string; mobile: string; email: string };
const childRows = (data: Family): [string, string][] => [
  ["Student", data.studentName],
  ["Grade", data.grade],
];
const contactRows = (data: Family): [string, string][] => [
  ["Parent", data.parentName],
  ["Mobile", formatMobile(data.mobile)],
  ["E-mail", data.email],
];

/** A staff notice: what happened, every fact needed to act, and a button to the admin list. */
function staffNotice(
  context: MailContext,
  notice: { intro: string; rows: [string, string][]; button: { label: string; path: string } },
) {
  return {
    blocks: [
      paragraph(notice.intro),
      { kind: "facts" as const, rows: notice.rows },
      { kind: "button" as const, label: notice.button.label, url: context.link(notice.button.path) },
    ],
    signOff: "website" as const,
    reason: staffReason(context),
  };
}

/** Notices to the school's staff inbox: each has every detail needed to act, and the admin list. */
export const STAFF_TEMPLATES: Pick<
  Templates,
  "staffNewApplication" | "staffNewDemo" | "staffPaymentReceived" | "staffFollowUps"
> = {
  staffNewApplication: {
    subject: (data) => `New application: ${data.studentName}, ${data.grade}`,
    body: (data, context) => ({
      preheader: `Application number ${data.applicationId} from ${data.parentName}.`,
      ...staffNotice(context, {
        intro: "A new application was made on the website.",
        rows: [
          ["Application number", String(data.applicationId)],
          ...childRows(data),
          ["Date of birth", formatLongDay(data.dob)],
          ...contactRows(data),
        ],
        button: { label: "Open applications", path: RECORD_KINDS.applications.adminPath },
      }),
    }),
  },

  staffNewDemo: {
    subject: (data) => `New demo request: ${data.studentName}, ${data.grade}`,
    body: (data, context) => ({
      preheader: `Preferred time: ${data.preferredDateTime}.`,
      ...staffNotice(context, {
        intro: "A demo class was requested on the website. Please confirm the date and time with the parent.",
        rows: [
          ["Demo request number", String(data.demoId)],
          ...childRows(data),
          ["Preferred date and time", data.preferredDateTime],
          ...contactRows(data),
        ],
        button: { label: "Open demo requests", path: RECORD_KINDS.demos.adminPath },
      }),
    }),
  },

  staffPaymentReceived: {
    subject: (data) => `Payment received: ${rupees(data.amountPaise)} for ${data.studentName}, ${data.grade}`,
    body: (data, context) => {
      const amount = rupees(data.amountPaise);
      return {
        preheader: `Order ${data.orderId}, transaction ${data.transactionId}.`,
        ...staffNotice(context, {
          intro: `A payment was received. The website promises the parent that admission is confirmed within ${workingDays}.`,
          rows: [
            ["Amount", amount],
            ...childRows(data),
            ...contactRows(data),
            ["Order number", data.orderId],
            ["Transaction ID", data.transactionId],
          ],
          button: { label: "Open orders", path: RECORD_KINDS.orders.adminPath },
        }),
      };
    },
  },

  staffFollowUps: {
    subject: (data) => `Follow-ups for ${formatLongDay(data.day)}: ${countOf(data.total, "call")} to make`,
    body: (data, context) => {
      const listed = data.groups.reduce((sum, group) => sum + group.items.length, 0);
      const when = (dueOn: string) =>
        dueOn < data.day ? `Overdue since ${formatLongDay(dueOn)}` : "Due today";
      return {
        preheader: "Overdue and due today, per person who set them.",
        blocks: [
          paragraph(
            `${countOf(data.total, "follow-up")} ${data.total === 1 ? "is" : "are"} overdue or due today, ${formatLongDay(data.day)}.`,
          ),
          ...data.groups.flatMap((group) => [
            {
              kind: "heading" as const,
              text: `Set by ${group.name === null ? "a removed account" : oneLine(group.name)}`,
            },
            {
              kind: "facts" as const,
              rows: group.items.map((item): [string, string] => [
                oneLine(item.label),
                `${when(item.dueOn)}${item.note ? `: ${oneLine(item.note)}` : ""}`,
              ]),
            },
          ]),
          data.total > listed
            ? { kind: "note" as const, text: `${data.total - listed} more are listed on the dashboard.` }
            : null,
          { kind: "button" as const, label: "Open the dashboard", url: context.link("/admin") },
        ],
        signOff: "website" as const,
        reason: staffReason(context),
      };
    },
  },
};
