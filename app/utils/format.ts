/** Display formats shared by every screen (Indian grouping, India's time zone on server and browser alike). */
const TIME_ZONE = "Asia/Kolkata";

/** Whole rupees, e.g. 15000 -> "₹15,000". */
export function formatRupees(rupees: number): string {
  return `₹${rupees.toLocaleString("en-IN")}`;
}

/** An amount stored in paise, shown in rupees with paise, e.g. 1500000 -> "₹15,000.00". */
export function formatPaise(paise: number): string {
  return `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** e.g. "22 Nov 2026". Accepts a Date or an ISO string (as loaders serialise dates). */
export function formatDate(value: Date | string): string {
  return new Date(value).toLocaleDateString("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: TIME_ZONE,
  });
}

/** e.g. "22 Nov 2026, 4:05 pm". */
export function formatDateTime(value: Date | string): string {
  return new Date(value).toLocaleString("en-IN", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: TIME_ZONE,
  });
}

/** The calendar date in India as YYYY-MM-DD, e.g. for "before today" rules. */
export function isoDateInIndia(moment: Date = new Date()): string {
  return moment.toLocaleDateString("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone: TIME_ZONE,
  });
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
