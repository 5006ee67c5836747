/**
 * Every mail the site sends, in one place: `renderMail(kind, data, school)` gives its subject,
 * HTML part and text part (decision 0025). The templates are in parent.server.ts, staff.server.ts,
 * account.server.ts, erasure.server.ts and teacher.server.ts; the words of the mails to families in
 * both languages in app/domain/texts/mail.ts (the data's `language` chooses, issue 37); the HTML in
 * layout.server.tsx; the plain text in text.server.ts.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { isLanguage, type Language } from "~/domain/languages";
import { pageHref } from "~/domain/public-pages";
import { MAIL_TEXTS } from "~/domain/texts/mail";
import { translator } from "~/domain/translations";
import { ACCOUNT_TEMPLATES } from "./account.server";
import type { MailContext, MailData, MailKind, Templates } from "./data.server";
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
  offerMade: "parent",
  offerExpired: "parent",
  offerWithdrawn: "parent",
  waitlisted: "parent",
  demoBooked: "parent",
  paymentReceived: "parent",
  paymentFailed: "parent",
  welcome: "parent",
  staffNewApplication: "staff",
  staffNewDemo: "staff",
  staffPaymentReceived: "staff",
  staffFollowUps: "staff",
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

/** The reader's language, as the mail's data has it: a mail queued before languages were kept, or to staff, is English. */
const languageOf = (data: object): Language => {
  const language = (data as { language?: unknown }).language;
  return isLanguage(language) ? language : "en";
};

/**
 * A link to a page of the site (a path, or an absolute address on `publicUrl`) as a mail in
 * `language` gives it: its Hindi page (/hi/courses) once that page has one, the one address
 * otherwise, and anything not on the site as it is.
 */
export function mailLink(publicUrl: string, language: Language, pathOrUrl: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  const absolute = pathOrUrl.startsWith(`${base}/`);
  if (!absolute && !pathOrUrl.startsWith("/")) return pathOrUrl;
  return `${base}${pageHref(language, absolute ? pathOrUrl.slice(base.length) : pathOrUrl)}`;
}

/** What a template of `data` is given: the school, its links, its site's name and the reader's words. */
function contextOf(data: object, school: MailSchool): MailContext {
  const base = school.publicUrl.replace(/\/+$/, "");
  let site = base;
  try {
    site = new URL(base).host || base;
  } catch {
    // Not a URL: name the site as it was given.
  }
  const language = languageOf(data);
  return {
    school,
    link: (pathOrUrl: string) => mailLink(base, language, pathOrUrl),
    site,
    language,
    t: translator(MAIL_TEXTS, language),
  };
}

/** Only the subject: what the outbox stores beside the data when a mail is queued. */
export function mailSubject<K extends MailKind>(kind: K, data: MailData[K], school: MailSchool): string {
  const template: Templates[K] = TEMPLATES[kind];
  return oneLine(template.subject(oneLineStrings(data), contextOf(data, school)));
}

/** The subject and words of one mail, before either part is drawn (cheap: no React). */
function write<K extends MailKind>(kind: K, data: MailData[K], school: MailSchool) {
  const template: Templates[K] = TEMPLATES[kind];
  const written = oneLineStrings(data);
  const context = contextOf(data, school);
  return {
    ...template.body(written, context),
    subject: oneLine(template.subject(written, context)),
    language: context.language,
  };
}

/** The subject, HTML part and text part of one mail. Never throws for well-typed data. */
export function renderMail<K extends MailKind>(kind: K, data: MailData[K], school: MailSchool): MailContent {
  const body = write(kind, data, school);
  return {
    subject: body.subject,
    // React escapes every value in text and attributes: no name or reason can add markup.
    html: `<!doctype html>${renderToStaticMarkup(<MailDocument body={body} school={school} language={body.language} />)}`,
    text: renderText(body, school, body.language),
  };
}
