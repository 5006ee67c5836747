import { CONFIRMATION_WORKING_DAYS } from "~/domain/claims";
import type { Block, MailBody, MailSchool } from "./text.server";

/** What each mail needs; the outbox stores nothing else about it. */
export type MailData = {
  applicationReceived: { parentName: string; studentName: string; grade: string; applicationId: number };
  demoBooked: { parentName: string; studentName: string; grade: string; preferredDateTime: string };
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
  };
  paymentFailed: {
    parentName: string;
    studentName: string;
    grade: string;
    amountPaise: number;
    orderId: string;
    reason: string;
    retryUrl: string;
  };
  welcome: {
    name: string;
    email: string;
    /**
     * The link that verifies the address (one mail at registration, not two). Absent in welcome
     * mails queued before verification existed, and removed once sent (it is a secret).
     */
    verifyUrl?: string;
    validHours?: number;
  };
  /** "Send the link again" on the profile. */
  verifyEmail: { name: string; verifyUrl: string; validHours: number };
  passwordReset: { name: string; resetUrl: string; validMinutes: number };
  passwordChanged: { name: string; changedAt: Date };
  /** After "Delete my account" (issue 20): counts only, no name, so the row keeps nothing personal but its address. */
  accountDeleted: {
    erasedAt: Date;
    applications: number;
    demoRequests: number;
    courseLikes: number;
    /** Teacher registrations under the verified address (absent in mails queued before they were counted). */
    teacherApplications?: number;
    /** Orders kept for the accounts, with their personal fields removed. */
    orders: number;
  };
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
  teacherApplicationReceived: { name: string; teacherApplicationId: number; cvFileName: string | null };
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
};

export type MailKind = keyof MailData;

/** What a template gets besides its data. */
export type MailContext = {
  school: MailSchool;
  /** An absolute link to a page of the site, e.g. link("/courses"). */
  link: (path: string) => string;
  /** "zipat.school", for "… on zipat.school". */
  site: string;
};

/** One mail's words: its data and the school in, subject and blocks out. */
export type Templates = { [K in MailKind]: (data: MailData[K], context: MailContext) => MailBody };

// Wording more than one mail uses.

export const possessive = (name: string) => `${name}'s`;
export const workingDays = `${CONFIRMATION_WORKING_DAYS} working days`;
export const paragraph = (text: string): Block => ({ kind: "paragraph", text });

/** "If you have any questions, write to us at … or call us on …", or null before the details exist. */
export function questions({ email, phone }: MailSchool): Block | null {
  const ways = [email && `write to us at ${email}`, phone && `call us on ${phone}`].filter(Boolean);
  return ways.length ? { kind: "paragraph", text: `If you have any questions, ${ways.join(" or ")}.` } : null;
}

/** "contact us at … or on …" for a sentence that already says why. */
export function contactUs({ email, phone }: MailSchool): string {
  const ways = [email && `at ${email}`, phone && `on ${phone}`].filter(Boolean);
  return ways.length ? `contact us ${ways.join(" or ")}` : "contact the school";
}
