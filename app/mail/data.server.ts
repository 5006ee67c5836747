import { CONFIRMATION_WORKING_DAYS } from "~/domain/claims";
import type { Language } from "~/domain/languages";
import type { MAIL_TEXTS } from "~/domain/texts/mail";
import type { Translate } from "~/domain/translations";
import type { Block, MailBody, MailSchool } from "./text.server";

/**
 * A mail to a family, a teacher or an account holder is written in their language (issue 37):
 * the record's or the account's, put in the mail's data when it is queued, so a mail drawn later
 * (a retry, the admin preview, after the account is erased) still has it. Mails queued before
 * languages were kept have none: English.
 */
type InTheirLanguage = { language?: Language };

/** What each mail needs; the outbox stores nothing else about it. */
export type MailData = {
  applicationReceived: {
    parentName: string;
    studentName: string;
    grade: string;
    applicationId: number;
  } & InTheirLanguage;
  demoBooked: {
    parentName: string;
    studentName: string;
    grade: string;
    preferredDateTime: string;
  } & InTheirLanguage;
  paymentReceived: {
    parentName: string;
    studentName: string;
    grade: string;
    amountPaise: number;
    transactionId: string;
    orderId: string;
    paidAt: Date;
    /** The gateway's receipt page; null when it has none (the mail then has no receipt button). */
    receiptUrl: string | null;
  } & InTheirLanguage;
  paymentFailed: {
    parentName: string;
    studentName: string;
    grade: string;
    amountPaise: number;
    orderId: string;
    reason: string;
    retryUrl: string;
  } & InTheirLanguage;
  /** A seat offered to an application (issue 38): held until `expiresAt`, accepted and paid on the profile. */
  offerMade: {
    parentName: string;
    studentName: string;
    grade: string;
    applicationId: number;
    expiresAt: Date;
    /** The parent's profile (where "Accept and pay" and "Decline" are), in the family's language. */
    profileUrl: string;
    /** True when the seat came to them from the waitlist. */
    fromWaitlist: boolean;
  } & InTheirLanguage;
  /** The offer was not paid before it expired: the seat went back. */
  offerExpired: {
    parentName: string;
    studentName: string;
    grade: string;
    applicationId: number;
    expiresAt: Date;
  } & InTheirLanguage;
  /** Staff took the offer back. */
  offerWithdrawn: {
    parentName: string;
    studentName: string;
    grade: string;
    applicationId: number;
  } & InTheirLanguage;
  /** The application is on its grade's waitlist, at this position. */
  waitlisted: {
    parentName: string;
    studentName: string;
    grade: string;
    applicationId: number;
    position: number;
    profileUrl: string;
  } & InTheirLanguage;
  welcome: {
    name: string;
    email: string;
    /**
     * The link that verifies the address (one mail at registration, not two). Absent in welcome
     * mails queued before verification existed, and removed once sent (it is a secret).
     */
    verifyUrl?: string;
    validHours?: number;
  } & InTheirLanguage;
  /** "Send the link again" on the profile. */
  verifyEmail: { name: string; verifyUrl: string; validHours: number } & InTheirLanguage;
  passwordReset: { name: string; resetUrl: string; validMinutes: number } & InTheirLanguage;
  passwordChanged: { name: string; changedAt: Date } & InTheirLanguage;
  /**
   * After "Delete my account" (issue 20): counts and the language only, no name, so the row keeps
   * nothing personal but its address.
   */
  accountDeleted: {
    erasedAt: Date;
    applications: number;
    demoRequests: number;
    courseLikes: number;
    /** Teacher registrations under the verified address (absent in mails queued before they were counted). */
    teacherApplications?: number;
    /** Orders kept for the accounts, with their personal fields removed. */
    orders: number;
  } & InTheirLanguage;
  staffNewApplication: {
    applicationId: number;
    parentName: string;
    studentName: string;
    grade: string;
    dob: string;
    mobile: string;
    email: string;
  };
  staffNewDemo: {
    demoId: number;
    parentName: string;
    studentName: string;
    grade: string;
    mobile: string;
    email: string;
    preferredDateTime: string;
  };
  /** To the teacher who registered on the Teachers page; `cvFileName` is null when no CV came. */
  teacherApplicationReceived: {
    name: string;
    teacherApplicationId: number;
    cvFileName: string | null;
  } & InTheirLanguage;
  staffNewTeacherApplication: {
    teacherApplicationId: number;
    name: string;
    city: string;
    mobile: string;
    email: string;
    experience: string;
    message: string;
    /** The CV is named here, never attached: staff download it from the admin screen. */
    cvFileName: string | null;
    cvSizeBytes: number | null;
  };
  staffPaymentReceived: {
    orderId: string;
    parentName: string;
    studentName: string;
    grade: string;
    amountPaise: number;
    transactionId: string;
    email: string;
    mobile: string;
  };
  /**
   * The morning list of follow-ups overdue or due on `day` (issue 40 point 3), per person who set
   * them (`name` null: a removed account); `total` counts those the list had no room for too.
   */
  staffFollowUps: {
    day: string;
    total: number;
    groups: { name: string | null; items: { label: string; dueOn: string; note: string }[] }[];
  };
};

export type MailKind = keyof MailData;

/** The mail texts in one language, typed by their English keys. */
export type MailTexts = Translate<(typeof MAIL_TEXTS)["en"]>;

/** What a template gets besides its data. */
export type MailContext = {
  school: MailSchool;
  /**
   * An absolute link to a page of the site, from its path (link("/courses")) or from an address a
   * service made for the mail (a verification or reset link): in a Hindi mail the page's Hindi
   * (/hi/courses) once that page has it. Receipts and payment links are not given here: a receipt
   * keeps its one address, and a payment link comes from its order in the order's language.
   */
  link: (pathOrUrl: string) => string;
  /** "zipat.school", for "… on zipat.school". */
  site: string;
  /** The mail's language: its reader's (staff notices are always English). */
  language: Language;
  /** The mail texts in that language. */
  t: MailTexts;
};

/**
 * One mail's words: its data and the school in, its subject and its body out. The subject is
 * written on its own: the outbox stores it when the mail is queued, in the transaction of the
 * record it is about, and writing every word of the body for it was a fifth of a submission's
 * time on the event loop (docs/performance.md, issue 41).
 */
export type Templates = {
  [K in MailKind]: {
    subject: (data: MailData[K], context: MailContext) => string;
    body: (data: MailData[K], context: MailContext) => Omit<MailBody, "subject">;
  };
};

// Wording more than one mail uses.

/** Staff notices (English) say it; families' mails take {{days}} in their own sentences. */
export const workingDays = `${CONFIRMATION_WORKING_DAYS} working days`;
export const paragraph = (text: string): Block => ({ kind: "paragraph", text });

/** "If you have any questions, write to us at … or call us on …", or null before the details exist. */
export function questions({ school: { email, phone }, t }: MailContext): Block | null {
  const text =
    email && phone
      ? t("questions.both", { email, phone })
      : email
        ? t("questions.email", { email })
        : phone
          ? t("questions.phone", { phone })
          : null;
  return text ? paragraph(text) : null;
}

/** "contact us at … or on …" for a sentence that already says why. */
export function contactUs({ school: { email, phone }, t }: MailContext): string {
  if (email && phone) return t("contact.both", { email, phone });
  if (email) return t("contact.email", { email });
  if (phone) return t("contact.phone", { phone });
  return t("contact.none");
}

/** A grade as stored ("Grade 3", "Nursery") in the mail's language ("कक्षा 3"); anything else as stored. */
export function gradeIn(grade: string, t: MailTexts): string {
  if (grade === "Nursery") return t("grade.nursery");
  if (grade === "Kindergarten") return t("grade.kindergarten");
  const numbered = /^Grade (\d+)$/.exec(grade);
  return numbered ? t("grade.numbered", { number: numbered[1]! }) : grade;
}

/** "Dear Asha," in the mail's language. */
export const greeting = (name: string, t: MailTexts) => t("greeting", { name });

/** The {{days}} of "within 2 working days", for the families' sentences. */
export const days = { days: CONFIRMATION_WORKING_DAYS };
