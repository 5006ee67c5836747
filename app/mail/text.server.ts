import { formatPaise, formatRupees } from "~/domain/format";
import { LANGUAGE_INFO, type Language } from "~/domain/languages";
import { MAIL_TEXTS } from "~/domain/texts/mail";
import { translator } from "~/domain/translations";

/** Who sends the mail and where its links point (the outbox fills it from the company details). */
export type MailSchool = {
  name: string;
  fullName: string;
  address: string;
  email: string;
  phone: string;
  /** e.g. "https://zipat.school", no trailing slash: every link in a mail is absolute. */
  publicUrl: string;
};

export type MailContent = { subject: string; html: string; text: string };

/** One piece of a mail's body; each is drawn once as HTML and once as plain text. */
export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "facts"; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: "steps"; items: readonly { readonly title: string; readonly text: string }[] }
  | { kind: "button"; label: string; url: string; secondary?: boolean }
  | { kind: "note"; text: string };

/** A mail as its template describes it; `renderMail` turns it into the HTML and text parts. */
export type MailBody = {
  subject: string;
  /** The line inboxes show after the subject (hidden in the HTML, left out of the text). */
  preheader: string;
  /** "Dear Asha," (staff notices have none). */
  greeting?: string;
  /** Empty entries (`false`, `null`) are left out, so a template can write `x && block`. */
  blocks: readonly (Block | false | null)[];
  /** "team": "Warm regards, The … team"; "website": an automatic notice to staff. */
  signOff: "team" | "website";
  /** Why this address got this mail (the footer's last line). */
  reason: string;
};

const TEXT_WIDTH = 78;

/**
 * A value fit for one line: runs of control characters (CR, LF, tab…), line and paragraph
 * separators and spaces become one space. A subject built from a stored name can then never start
 * a new header ("\r\nBcc: …").
 */
export function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}\p{Zl}\p{Zp}]+/gu, " ").trim();
}

/** Made once per language: a formatter built per call costs more than the rest of a mail's text. */
const mailDateTimeFormat = (language: Language) =>
  new Intl.DateTimeFormat(LANGUAGE_INFO[language].tag, {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZone: "Asia/Kolkata",
  });
const MAIL_DATE_TIME: Record<Language, Intl.DateTimeFormat> = {
  en: mailDateTimeFormat("en"),
  hi: mailDateTimeFormat("hi"),
};

/**
 * e.g. "25 November 2026, 4:05 pm IST" ("25 नवंबर 2026, 4:05 pm IST"), in India's time zone
 * wherever the server runs.
 */
export function formatMailDateTime(value: Date, language: Language = "en"): string {
  if (Number.isNaN(value.getTime())) return translator(MAIL_TEXTS, language)("timeNotRecorded");
  const parts = MAIL_DATE_TIME[language].formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("day")} ${part("month")} ${part("year")}, ${part("hour")}:${part("minute")} ${part("dayPeriod").toLowerCase()} IST`;
}

/** An amount in paise as rupees: "₹25,000", or "₹25,000.50" when there are paise. */
export function rupees(paise: number, language: Language = "en"): string {
  return paise % 100 === 0 ? formatRupees(paise / 100, language) : formatPaise(paise, language);
}

/**
 * `url` as an absolute http(s) address (a path is taken against the public URL), or null for
 * anything else (`javascript:`, `data:`…): such a link is left out rather than sent, since the
 * mail is rendered inside the transaction that stores the record and must not throw.
 */
export function linkable(url: string, school: MailSchool): string | null {
  try {
    const absolute = new URL(url, `${school.publicUrl.replace(/\/+$/, "")}/`);
    return absolute.protocol === "https:" || absolute.protocol === "http:" ? absolute.href : null;
  } catch {
    return null;
  }
}

/** Greedy word wrap; a word longer than the line (a URL) stays whole on its own line. */
export function wrap(text: string, first = "", rest = first, width = TEXT_WIDTH): string {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of text.split(" ").filter(Boolean)) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else {
      line = empty ? line + word : `${line} ${word}`;
    }
    empty = false;
  }
  lines.push(line);
  return lines.join("\n");
}

export const blocksOf = (body: MailBody) => body.blocks.filter((block): block is Block => Boolean(block));

export function signOffLines(body: MailBody, school: MailSchool, language: Language = "en"): string[] {
  if (body.signOff === "website")
    return [`This notice was sent automatically by the ${school.fullName} website.`];
  const t = translator(MAIL_TEXTS, language);
  return [t("frame.regards"), t("frame.team", { school: school.fullName })];
}

/** The footer's contact lines, leaving out details staff have not entered yet. */
const contactLines = (school: MailSchool, language: Language) => {
  const t = translator(MAIL_TEXTS, language);
  return [
    school.address,
    school.email && `${t("frame.email")} ${school.email}`,
    school.phone && `${t("frame.phone")} ${school.phone}`,
  ].filter(Boolean);
};

function blockText(block: Block, school: MailSchool): string {
  switch (block.kind) {
    case "paragraph":
      return wrap(block.text);
    case "note":
      return wrap(block.text, "* ", "  ");
    case "heading":
      return `${block.text}\n${"-".repeat(Math.min(block.text.length, TEXT_WIDTH))}`;
    case "facts":
      return block.rows.map(([label, value]) => wrap(`${label}: ${value}`, "", "    ")).join("\n");
    case "steps":
      return block.items
        .map((item, index) => `${index + 1}. ${item.title}\n${wrap(item.text, "   ")}`)
        .join("\n\n");
    case "button": {
      const url = linkable(block.url, school);
      return url ? `${block.label}:\n${url}` : "";
    }
  }
}

/** The plain-text part: the same words as the HTML, lines of at most 78 characters. */
export function renderText(body: MailBody, school: MailSchool, language: Language = "en"): string {
  const sections = [
    `${school.fullName}\n${translator(MAIL_TEXTS, language)("frame.tagline")}`,
    body.greeting,
    ...blocksOf(body).map((block) => blockText(block, school)),
    signOffLines(body, school, language).join("\n"),
    ["--", school.fullName, ...contactLines(school, language), school.publicUrl].join("\n"),
    wrap(body.reason),
  ];
  return `${sections.filter(Boolean).join("\n\n")}\n`;
}
