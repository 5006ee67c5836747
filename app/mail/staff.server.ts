import { formatLongDay, formatMobile } from "~/domain/format";
import { paragraph, workingDays, type MailContext, type Templates } from "./data.server";
import { rupees } from "./text.server";

const staffReason = ({ site }: MailContext) =>
  `You are receiving this e-mail because this address receives the staff notifications of ${site}.`;

/** Notices to the school's staff inbox: each has every detail needed to act, and the admin list. */
export const STAFF_TEMPLATES: Pick<
  Templates,
  "staffNewApplication" | "staffNewDemo" | "staffPaymentReceived"
> = {
  staffNewApplication: (data, context) => ({
    subject: `New application: ${data.studentName}, ${data.grade}`,
    preheader: `Application number ${data.applicationId} from ${data.parentName}.`,
    blocks: [
      paragraph("A new application was made on the website."),
      {
        kind: "facts",
        rows: [
          ["Application number", String(data.applicationId)],
          ["Student", data.studentName],
          ["Grade", data.grade],
          ["Date of birth", formatLongDay(data.dob)],
          ["Parent", data.parentName],
          ["Mobile", formatMobile(data.mobile)],
          ["E-mail", data.email],
        ],
      },
      { kind: "button", label: "Open applications", url: context.link("/admin/applications") },
    ],
    signOff: "website",
    reason: staffReason(context),
  }),

  staffNewDemo: (data, context) => ({
    subject: `New demo request: ${data.studentName}, ${data.grade}`,
    preheader: `Preferred time: ${data.preferredDateTime}.`,
    blocks: [
      paragraph(
        "A demo class was requested on the website. Please confirm the date and time with the parent.",
      ),
      {
        kind: "facts",
        rows: [
          ["Demo request number", String(data.demoId)],
          ["Student", data.studentName],
          ["Grade", data.grade],
          ["Preferred date and time", data.preferredDateTime],
          ["Parent", data.parentName],
          ["Mobile", formatMobile(data.mobile)],
          ["E-mail", data.email],
        ],
      },
      { kind: "button", label: "Open demo requests", url: context.link("/admin/demos") },
    ],
    signOff: "website",
    reason: staffReason(context),
  }),

  staffPaymentReceived: (data, context) => {
    const amount = rupees(data.amountPaise);
    return {
      subject: `Payment received: ${amount} for ${data.studentName}, ${data.grade}`,
      preheader: `Order ${data.orderId}, transaction ${data.transactionId}.`,
      blocks: [
        paragraph(
          `A payment was received. The website promises the parent that admission is confirmed within ${workingDays}.`,
        ),
        {
          kind: "facts",
          rows: [
            ["Amount", amount],
            ["Student", data.studentName],
            ["Grade", data.grade],
            ["Parent", data.parentName],
            ["Mobile", formatMobile(data.mobile)],
            ["E-mail", data.email],
            ["Order number", data.orderId],
            ["Transaction ID", data.transactionId],
          ],
        },
        { kind: "button", label: "Open orders", url: context.link("/admin/orders") },
      ],
      signOff: "website",
      reason: staffReason(context),
    };
  },
};
