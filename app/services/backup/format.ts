import { z } from "zod";

/**
 * A backup is one gzip stream of newline-delimited JSON (docs/decisions/0035-backups.md):
 *   header, then every table's rows (parents first, each in primary-key order), then the
 *   identity sequences, then every stored file, then a footer with the counts and a SHA-256 of
 *   every byte before it.
 * Values are PostgreSQL's own text form (exact for timestamps, numbers, json), bytea in base64.
 */
export const BACKUP_FORMAT = "zipat-backup";
export const BACKUP_FORMAT_VERSION = 1;

/** A failure the operator reads as one line; nothing was changed when it is raised. */
export class BackupError extends Error {
  override name = "BackupError";
}

export const headerLine = z.object({
  kind: z.literal("header"),
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int(),
  app: z.string(),
  createdAt: z.string(),
  /** Where it was taken: "pglite" or "postgres". It restores on either. */
  database: z.string(),
  /** The tag of the last migration the database had, e.g. "0007_consent_anonymised_record_events". */
  schemaVersion: z.string(),
  tables: z.array(z.object({ name: z.string(), columns: z.array(z.string()) })),
});
export type BackupHeader = z.infer<typeof headerLine>;

export type RowLine = { kind: "row"; table: string; values: (string | null)[] };

export const sequenceLine = z.object({
  kind: z.literal("sequence"),
  table: z.string(),
  column: z.string(),
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});
export type SequenceLine = z.infer<typeof sequenceLine>;

/** A path under UPLOAD_DIR: relative, "/"-separated, never climbing out nor hidden. */
const storedPath = z
  .string()
  .min(1)
  .refine(
    (value) => value.split("/").every((part) => part !== "" && !part.startsWith(".") && !part.includes("\\")),
    "not a stored file's path",
  );

export const fileLine = z.object({
  kind: z.literal("file"),
  path: storedPath,
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  data: z.string(),
});
export type FileLine = z.infer<typeof fileLine>;

export const footerLine = z.object({
  kind: z.literal("footer"),
  rows: z.record(z.string(), z.number().int().min(0)),
  sequences: z.number().int().min(0),
  files: z.number().int().min(0),
  /** SHA-256 (hex) of every byte of the uncompressed stream before the footer's line. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupFooter = z.infer<typeof footerLine>;
