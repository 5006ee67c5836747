import type { CsvColumn } from "./store.server";

/** "2026-11-26 14:05:09", India's time: what a spreadsheet reads as a date and time. */
const INDIA_TIME = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Asia/Kolkata",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A moment as a CSV cell; one formatter for every row (`toLocaleString` with options makes one per call, ~40×). */
export const indiaTime = (at: Date | null) => (at ? INDIA_TIME.format(at) : "");

/** Paise as rupees with two decimals, a number a spreadsheet can add up: 1500000 -> "15000.00". */
export const rupees = (paise: number) => (paise / 100).toFixed(2);

/** The parent's contact columns, as every family enquiry's CSV lists them. */
export const contactColumns = <
  Row extends { parentName: string; mobile: string; email: string },
>(): CsvColumn<Row>[] => [
  ["Parent", (row) => row.parentName],
  ["Mobile", (row) => row.mobile],
  ["E-mail", (row) => row.email],
];
