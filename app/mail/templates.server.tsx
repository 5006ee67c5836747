/**
 * Every mail the site sends, in one place: `renderMail(kind, data, school)` gives its subject,
 * HTML part and text part (decision 0025). The words are in parent.server.ts, staff.server.ts,
 * account.server.ts and teacher.server.ts; the HTML in layout.server.tsx; the plain text in text.server.ts.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { ACCOUNT_TEMPLATES } from "./account.server";
import type { MailData, MailKind, Templates } from "./data.server";
import { ERASURE_TEMPLATES } from "./erasure.server";
import { MailDocument } from "./layout.server";
import { PARENT_TEMPLATES } from "./parent.server";
import { STAFF_TEMPLATES } from "./staff.server";
import { TEACHER_TEMPLATES } from "./teacher.server";
import { oneLine, renderText, type MailContent, type MailSchool } from "./text.server";

export type { MailData, MailKind } from "./data.server";
export type { MailContent, MailSchool } from "./text.server";

/** Who reads each mail (the admin Mail screen's labels). Typed as a Record: a new kind must be added here. */
export const MAIL_AUDIENCE: Record<MailKind, "parent" | "staff" | "account" | "teacher"> = {
  applicationReceived: "parent",
  demoBooked: "parent",
  paymentReceived: "parent",
  paymentFailed: "parent",
  welcome: "parent",
  staffNewApplication: "staff",
  staffNewDemo: "staff",
  staffPaymentReceived: "staff",
  staffNewTeacherApplication: "staff",
  teacherApplicationReceived: "teacher",
  passwordReset: "account",
  passwordChanged: "account",
  verifyEmail: "account",
  accountDeleted: "account",
};

export const MAIL_KINDS: readonly MailKind[] = Object.keys(MAIL_AUDIENCE) as MailKind[];

const TEMPLATES: Templates = {
  ...PARENT_TEMPLATES,
  ...STAFF_TEMPLATES,
  ...ACCOUNT_TEMPLATES,
  ...TEACHER_TEMPLATES,
  ...ERASURE_TEMPLATES,
};

/** Every text value on one line: a name stored long ago with a line break cannot split a header. */
function oneLineStrings<T extends object>(data: T): T {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, typeof value === "string" ? oneLine(value) : value]),
  ) as T;
}

/** The subject and words of one mail, before either part is drawn (cheap: no React). */
function write<K extends MailKind>(kind: K, data: MailData[K], school: MailSchool) {
  const base = school.publicUrl.replace(/\/+$/, "");
  let site = base;
  try {
    site = new URL(base).host || base;
  } catch {
    // Not a URL: name the site as it was given.
  }
  const template: Templates[K] = TEMPLATES[kind];
  const written = template(oneLineStrings(data), { school, link: (path) => `${base}${path}`, site });
  return { ...written, subject: oneLine(written.subject) };
}

/** Only the subject: what the outbox stores beside the data when a mail is queued. */
export function mailSubject<K extends MailKind>(kind: K, data: MailData[K], school: MailSchool): string {
  return write(kind, data, school).subject;
}

/** The subject, HTML part and text part of one mail. Never throws for well-typed data. */
export function renderMail<K extends MailKind>(kind: K, data: MailData[K], school: MailSchool): MailContent {
  const body = write(kind, data, school);
  return {
    subject: body.subject,
    // React escapes every value in text and attributes: no name or reason can add markup.
    html: `<!doctype html>${renderToStaticMarkup(<MailDocument body={body} school={school} />)}`,
    text: renderText(body, school),
  };
}
