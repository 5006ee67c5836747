import { ADMISSION_STEP_NUMBERS, CONTENT_TEXTS } from "~/domain/texts/content";
import { MAIL_TEXTS } from "~/domain/texts/mail";
import { translator } from "~/domain/translations";
import type { Language } from "~/domain/languages";
import {
  contactUs,
  days,
  gradeIn,
  greeting,
  paragraph,
  questions,
  type MailContext,
  type MailTexts,
  type Templates,
} from "./data.server";
import { verifyAddressBlocks } from "./account.server";
import { formatMailDateTime, rupees } from "./text.server";

/** The four admission steps as the admissions page shows them, in the mail's language. */
function admissionSteps(language: Language) {
  const t = translator(CONTENT_TEXTS, language);
  return ADMISSION_STEP_NUMBERS.map((step) => ({
    title: t(`step${step}.title`),
    text: t(`step${step}.text`, days),
  }));
}

/**
 * Why a payment failed: the site's own "not completed" in the mail's language; a gateway's
 * reason as the gateway wrote it (in English).
 */
const failureReason = (reason: string, t: MailTexts) =>
  reason === MAIL_TEXTS.en["paymentFailed.notCompleted"] ? t("paymentFailed.notCompleted") : reason;

/** A payment mail's amount, student and grade as its words name them, in the mail's language. */
const paymentWords = (
  data: { amountPaise: number; studentName: string; grade: string },
  { language, t }: Pick<MailContext, "language" | "t">,
) => ({
  amount: rupees(data.amountPaise, language),
  student: data.studentName,
  grade: gradeIn(data.grade, t),
});

/**
 * The mails a parent gets about an application, a seat offered or a place on a waitlist (issue
 * 38), a demo class, a payment or a new account, in the parent's language (the words are in
 * app/domain/texts/mail.ts).
 */
export const PARENT_TEMPLATES: Pick<
  Templates,
  | "applicationReceived"
  | "offerMade"
  | "offerExpired"
  | "offerWithdrawn"
  | "waitlisted"
  | "demoBooked"
  | "paymentReceived"
  | "paymentFailed"
  | "welcome"
> = {
  applicationReceived: {
    subject: (data, { school, t }) =>
      t("applicationReceived.subject", { student: data.studentName, school: school.name }),
    body: (data, context) => {
      const { school, link, site, t } = context;
      const student = data.studentName;
      const grade = gradeIn(data.grade, t);
      return {
        preheader: t("applicationReceived.preheader", { id: data.applicationId }),
        greeting: greeting(data.parentName, t),
        blocks: [
          paragraph(t("applicationReceived.thanks", { school: school.fullName, student, grade })),
          {
            kind: "facts",
            rows: [
              [t("fact.applicationNumber"), String(data.applicationId)],
              [t("fact.student"), student],
              [t("fact.grade"), grade],
            ],
          },
          { kind: "heading", text: t("applicationReceived.nextHeading") },
          paragraph(t("applicationReceived.next", days)),
          {
            kind: "steps",
            items: admissionSteps(context.language),
          },
          { kind: "button", label: t("applicationReceived.feeButton"), url: link("/fee-structure") },
          {
            kind: "button",
            label: t("applicationReceived.admissionsButton"),
            url: link("/admissions"),
            secondary: true,
          },
          questions(context),
        ],
        signOff: "team",
        reason: t("reason.application", { student, site }),
      };
    },
  },

  offerMade: {
    subject: (data, { school, t }) =>
      t("offerMade.subject", {
        student: data.studentName,
        grade: gradeIn(data.grade, t),
        school: school.name,
      }),
    body: (data, context) => {
      const { school, link, site, language, t } = context;
      const student = data.studentName;
      const grade = gradeIn(data.grade, t);
      const time = formatMailDateTime(data.expiresAt, language);
      return {
        preheader: t("offerMade.preheader", { time }),
        greeting: greeting(data.parentName, t),
        blocks: [
          paragraph(
            t(data.fromWaitlist ? "offerMade.offerFromWaitlist" : "offerMade.offer", {
              school: school.fullName,
              student,
              grade,
              time,
            }),
          ),
          {
            kind: "facts",
            rows: [
              [t("fact.applicationNumber"), String(data.applicationId)],
              [t("fact.student"), student],
              [t("fact.grade"), grade],
              [t("offerMade.until"), time],
            ],
          },
          paragraph(t("offerMade.keep")),
          // The profile's address comes in the family's language; link() keeps it so, and makes a path absolute.
          { kind: "button", label: t("offerMade.button"), url: link(data.profileUrl) },
          paragraph(t("offerMade.decline")),
          questions(context),
        ],
        signOff: "team",
        reason: t("reason.application", { student, site }),
      };
    },
  },

  offerExpired: {
    subject: (data, { t }) =>
      t("offerExpired.subject", { student: data.studentName, grade: gradeIn(data.grade, t) }),
    body: (data, context) => {
      const { site, language, t } = context;
      const student = data.studentName;
      const grade = gradeIn(data.grade, t);
      const time = formatMailDateTime(data.expiresAt, language);
      return {
        preheader: t("offerExpired.preheader", { time }),
        greeting: greeting(data.parentName, t),
        blocks: [
          paragraph(t("offerExpired.ended", { student, grade, time })),
          {
            kind: "facts",
            rows: [
              [t("fact.applicationNumber"), String(data.applicationId)],
              [t("fact.student"), student],
              [t("fact.grade"), grade],
            ],
          },
          paragraph(t("offerExpired.help", { student, contact: contactUs(context) })),
        ],
        signOff: "team",
        reason: t("reason.application", { student, site }),
      };
    },
  },

  offerWithdrawn: {
    subject: (data, { t }) =>
      t("offerWithdrawn.subject", { student: data.studentName, grade: gradeIn(data.grade, t) }),
    body: (data, context) => {
      const { site, t } = context;
      const student = data.studentName;
      const grade = gradeIn(data.grade, t);
      return {
        preheader: t("offerWithdrawn.preheader"),
        greeting: greeting(data.parentName, t),
        blocks: [
          paragraph(t("offerWithdrawn.withdrawn", { student, grade })),
          {
            kind: "facts",
            rows: [
              [t("fact.applicationNumber"), String(data.applicationId)],
              [t("fact.student"), student],
              [t("fact.grade"), grade],
            ],
          },
          paragraph(t("offerWithdrawn.help", { contact: contactUs(context) })),
        ],
        signOff: "team",
        reason: t("reason.application", { student, site }),
      };
    },
  },

  waitlisted: {
    subject: (data, { t }) =>
      t("waitlisted.subject", {
        student: data.studentName,
        grade: gradeIn(data.grade, t),
        position: data.position,
      }),
    body: (data, context) => {
      const { school, link, site, t } = context;
      const student = data.studentName;
      const grade = gradeIn(data.grade, t);
      const position = data.position;
      return {
        preheader: t("waitlisted.preheader", { student }),
        greeting: greeting(data.parentName, t),
        blocks: [
          paragraph(t("waitlisted.full", { school: school.fullName, student, grade, position })),
          {
            kind: "facts",
            rows: [
              [t("fact.applicationNumber"), String(data.applicationId)],
              [t("fact.student"), student],
              [t("fact.grade"), grade],
              [t("waitlisted.position"), String(position)],
            ],
          },
          paragraph(t("waitlisted.moves", { student })),
          { kind: "button", label: t("button.profile"), url: link(data.profileUrl) },
          questions(context),
        ],
        signOff: "team",
        reason: t("reason.application", { student, site }),
      };
    },
  },

  demoBooked: {
    subject: (data, { t }) => t("demoBooked.subject", { student: data.studentName }),
    body: (data, context) => {
      const { school, link, site, t } = context;
      const student = data.studentName;
      return {
        preheader: t("demoBooked.preheader", { time: data.preferredDateTime }),
        greeting: greeting(data.parentName, t),
        blocks: [
          paragraph(t("demoBooked.thanks", { school: school.fullName, student })),
          {
            kind: "facts",
            rows: [
              [t("fact.student"), student],
              [t("fact.grade"), gradeIn(data.grade, t)],
              [t("fact.preferredTime"), data.preferredDateTime],
            ],
          },
          paragraph(t("demoBooked.confirm")),
          paragraph(t("demoBooked.meanwhile", { student })),
          { kind: "button", label: t("button.courses"), url: link("/courses") },
          questions(context),
        ],
        signOff: "team",
        reason: t("demoBooked.reason", { student, site }),
      };
    },
  },

  paymentReceived: {
    subject: (data, context) => context.t("paymentReceived.subject", paymentWords(data, context)),
    body: (data, context) => {
      const { site, language, t } = context;
      const { amount, student, grade } = paymentWords(data, context);
      return {
        preheader: t("paymentReceived.preheader", { transaction: data.transactionId, ...days }),
        greeting: greeting(data.parentName, t),
        blocks: [
          paragraph(t("paymentReceived.thanks", { amount, student, grade })),
          {
            kind: "facts",
            rows: [
              [t("paymentReceived.amount"), amount],
              [t("fact.student"), student],
              [t("fact.grade"), grade],
              [t("fact.orderNumber"), data.orderId],
              [t("fact.transactionId"), data.transactionId],
              [t("paymentReceived.paidOn"), formatMailDateTime(data.paidAt, language)],
            ],
          },
          paragraph(t("paymentReceived.confirm", { student, ...days })),
          // The receipt keeps its one address in every language, and shows itself in the order's.
          data.receiptUrl !== null && {
            kind: "button",
            label: t("paymentReceived.receipt"),
            url: data.receiptUrl,
          },
          paragraph(t("paymentReceived.keep")),
          questions(context),
        ],
        signOff: "team",
        reason: t("paymentReceived.reason", { student, site }),
      };
    },
  },

  paymentFailed: {
    subject: (data, context) => context.t("paymentFailed.subject", paymentWords(data, context)),
    body: (data, context) => {
      const { site, t } = context;
      const { amount, student, grade } = paymentWords(data, context);
      return {
        preheader: t("paymentFailed.sameDetails"),
        greeting: greeting(data.parentName, t),
        blocks: [
          paragraph(t("paymentFailed.failed", { amount, student, grade })),
          {
            kind: "facts",
            rows: [
              [t("paymentFailed.amount"), amount],
              [t("fact.student"), student],
              [t("fact.grade"), grade],
              [t("fact.orderNumber"), data.orderId],
              [t("paymentFailed.why"), failureReason(data.reason, t)],
            ],
          },
          paragraph(t("paymentFailed.sameDetails")),
          // The payment link comes in the order's language already (/hi/pay/… for a Hindi order).
          { kind: "button", label: t("paymentFailed.retry"), url: data.retryUrl },
          paragraph(t("paymentFailed.help", { contact: contactUs(context) })),
        ],
        signOff: "team",
        reason: t("paymentFailed.reason", { student, site }),
      };
    },
  },

  welcome: {
    subject: (data, { school, t }) => t("welcome.subject", { school: school.fullName, name: data.name }),
    body: (data, context) => {
      const { school, link, site, t } = context;
      return {
        preheader: data.verifyUrl ? t("welcome.preheaderVerify") : t("welcome.preheader"),
        greeting: greeting(data.name, t),
        blocks: [
          paragraph(t("welcome.ready", { school: school.fullName, site })),
          { kind: "facts", rows: [[t("welcome.signInWith"), data.email]] },
          ...(data.verifyUrl ? verifyAddressBlocks(link(data.verifyUrl), data.validHours, t) : []),
          paragraph(t("welcome.profile")),
          { kind: "button", label: t("button.profile"), url: link("/profile") },
          paragraph(t("welcome.courses")),
          { kind: "button", label: t("button.courses"), url: link("/courses"), secondary: true },
          questions(context),
        ],
        signOff: "team",
        reason: t("welcome.reason", { site }),
      };
    },
  },
};
