import { LANGUAGE_INFO, type Language } from "./languages";

/** Display formats shared by every screen (Indian grouping, India's time zone on server and browser alike). */
const TIME_ZONE = "Asia/Kolkata";

/**
 * Formatters made once per language: `toLocaleString` with options builds a new Intl formatter on
 * every call (about 40 times the cost of `format`; an admin list of 50 rows with two dates each
 * spent milliseconds of its render there, and the CSV export most of its time). Both languages
 * group rupees the Indian way (₹1,25,000) and write Latin digits, as hi-IN does by default; Hindi
 * names the months ("1 जून 2026").
 */
function formattersOf(language: Language) {
  const tag = LANGUAGE_INFO[language].tag;
  // Hindi readers write the month whole ("24 नवंबर 2026"); its short forms ("24 नव॰ 2026") are
  // Unicode's, not a parent's. English keeps "24 Nov 2026".
  const month = language === "hi" ? "long" : "short";
  return {
    rupees: new Intl.NumberFormat(tag),
    paise: new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    date: new Intl.DateTimeFormat(tag, {
      day: "numeric",
      month,
      year: "numeric",
      timeZone: TIME_ZONE,
    }),
    dateTime: new Intl.DateTimeFormat(tag, {
      day: "numeric",
      month,
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: TIME_ZONE,
    }),
    /** A calendar day as written, not moved into any time zone: "1 June 2025". */
    longDay: new Intl.DateTimeFormat(tag, {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
  };
}
const FORMATTERS: Partial<Record<Language, ReturnType<typeof formattersOf>>> = {};
const formatters = (language: Language) => (FORMATTERS[language] ??= formattersOf(language));

const ISO_DATE = new Intl.DateTimeFormat("en-CA", {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  timeZone: TIME_ZONE,
});

/** Whole rupees, e.g. 125000 -> "₹1,25,000". */
export function formatRupees(rupees: number, language: Language = "en"): string {
  return `₹${formatters(language).rupees.format(rupees)}`;
}

/** An amount stored in paise, shown in rupees with paise, e.g. 1500000 -> "₹15,000.00". */
export function formatPaise(paise: number, language: Language = "en"): string {
  return `₹${formatters(language).paise.format(paise / 100)}`;
}

/** e.g. "22 Nov 2026" ("22 नवंबर 2026"). Accepts a Date or an ISO string (as loaders serialise dates). */
export function formatDate(value: Date | string, language: Language = "en"): string {
  return formatters(language).date.format(new Date(value));
}

/** e.g. "22 Nov 2026, 4:05 pm". */
export function formatDateTime(value: Date | string, language: Language = "en"): string {
  return formatters(language).dateTime.format(new Date(value));
}

/**
 * A stored calendar day (YYYY-MM-DD: a date of birth, a term's start) in words, e.g. "1 June 2025"
 * ("1 जून 2025"); anything else is answered as it was given.
 */
export function formatLongDay(day: string, language: Language = "en"): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : formatters(language).longDay.format(date);
}

/** The calendar date in India as YYYY-MM-DD, e.g. for "before today" rules. */
export function isoDateInIndia(moment: Date = new Date()): string {
  return ISO_DATE.format(moment);
}

/** "+919876543210" -> "+91 98765 43210" (stored numbers are normalised to this form). */
export function formatMobile(mobile: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(mobile);
  return match ? `+91 ${match[1]} ${match[2]}` : mobile;
}

/** A file's size as people read it: "1.2 MB", or "340 KB" under a megabyte (at least "1 KB"). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const EXCERPT_CHARACTERS = 140;

/** The first words of a text (a post's card, a page's description), cut at a word boundary. */
export function postExcerpt(description: string, characters = EXCERPT_CHARACTERS): string {
  const text = description.replace(/\s+/g, " ").trim();
  if (text.length <= characters) return text;
  const cut = text.slice(0, characters);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), characters * 0.6)).trimEnd()}…`;
}
