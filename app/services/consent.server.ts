import { sql } from "drizzle-orm";

/**
 * The consent columns of a new application, demo request, order or teacher application (issue
 * 20, decision 0036): when it was given, by the database's clock in the same statement as the
 * record's `created_at`, and the version of the privacy notice the form posted (checked to be the
 * current one by the form's `noticeVersion` rule). The version may be a prepared statement's placeholder.
 */
export function consentGiven<Version = string>({ noticeVersion }: { noticeVersion: Version }) {
  return { consentAt: sql`now()`, noticeVersion };
}

/**
 * The columns a record keeps for the school's own accounting of consent and retention, and the
 * family's language (issue 37: what its later mails are written in, shown on its staff page): not
 * part of what the API and the staff lists answer for applications, demo requests and teacher
 * applications, whose answers kept their shape when these came (issue 20), and the family's
 * WhatsApp choice (issue 39: the API takes it as a boolean, its answers stay as they were).
 */
type RecordKeeping = "consentAt" | "noticeVersion" | "anonymisedAt" | "language" | "whatsappUpdatesAt";
export type WithoutRecordKeeping<Row> = Omit<Row, RecordKeeping>;

export function withoutRecordKeeping<Row extends object>(row: Row): WithoutRecordKeeping<Row> {
  const {
    consentAt: _at,
    noticeVersion: _version,
    anonymisedAt: _anonymised,
    language: _language,
    whatsappUpdatesAt: _whatsapp,
    ...rest
  } = row as Row & {
    consentAt?: unknown;
    noticeVersion?: unknown;
    anonymisedAt?: unknown;
    language?: unknown;
    whatsappUpdatesAt?: unknown;
  };
  return rest;
}
