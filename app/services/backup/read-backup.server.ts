import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { createGunzip } from "node:zlib";
import {
  BACKUP_FORMAT_VERSION,
  BackupError,
  fileLine,
  footerLine,
  headerLine,
  sequenceLine,
  type BackupFooter,
  type BackupHeader,
  type FileLine,
  type RowLine,
  type SequenceLine,
} from "./format";
import { codeSchemaVersion, schemaMismatch } from "./tables.server";

export type BackupEntry = RowLine | SequenceLine | FileLine;

const damaged = (file: string, detail: string) =>
  new BackupError(
    `The backup file ${path.basename(file)} is damaged or incomplete: ${detail}. Nothing was changed.`,
  );

/** The uncompressed lines of a backup file, as bytes (what the footer's hash covers), one by one. */
async function* rawLines(file: string): AsyncGenerator<Buffer> {
  const fileStat = await stat(file).catch(() => undefined);
  if (!fileStat?.isFile()) throw new BackupError(`There is no backup file at ${file}.`);
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on("error", (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let rest: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let data = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
      for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10)) {
        yield data.subarray(0, end + 1);
        data = data.subarray(end + 1);
      }
      rest = Buffer.from(data);
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    // zlib: "unexpected end of file" (cut short), "incorrect header check" (not gzip), "invalid …".
    throw damaged(file, `the compressed data cannot be read (${(error as Error).message})`);
  } finally {
    source.destroy();
  }
  if (rest.length > 0) throw damaged(file, "it ends in the middle of a line");
}

type Parsed =
  | { kind: "header"; header: BackupHeader }
  | { kind: "entry"; entry: BackupEntry }
  | { kind: "footer"; footer: BackupFooter };

function parseLine(file: string, bytes: Buffer, first: boolean): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw damaged(file, "a line is not valid JSON");
  }
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (first) {
    const header = headerLine.safeParse(value);
    if (!header.success)
      throw new BackupError(`${path.basename(file)} is not a Zipat backup (no header). Nothing was changed.`);
    return { kind: "header", header: header.data };
  }
  if (kind === "row") {
    const row = value as RowLine;
    if (typeof row.table !== "string" || !Array.isArray(row.values))
      throw damaged(file, "a row is malformed");
    return { kind: "entry", entry: row };
  }
  const schema =
    kind === "sequence"
      ? sequenceLine
      : kind === "file"
        ? fileLine
        : kind === "footer"
          ? footerLine
          : undefined;
  const parsed = schema?.safeParse(value);
  if (!parsed?.success) throw damaged(file, `a line of kind ${JSON.stringify(kind)} is malformed`);
  return parsed.data.kind === "footer"
    ? { kind: "footer", footer: parsed.data }
    : { kind: "entry", entry: parsed.data };
}

/**
 * Reads a backup from end to end. Each entry is handed to `onEntry` (if given) as it is read;
 * the answer comes only once the footer has been read and every count and hash checked. A
 * restore runs this twice: first without `onEntry`, so nothing is touched unless the whole file
 * is sound, then with it, inside the transaction, which a late surprise rolls back.
 */
export async function readBackup(
  file: string,
  onEntry?: (entry: BackupEntry, header: BackupHeader) => Promise<void>,
): Promise<{ header: BackupHeader; footer: BackupFooter }> {
  const hash = createHash("sha256");
  let header: BackupHeader | undefined;
  let footer: BackupFooter | undefined;
  let columnCounts = new Map<string, number>();
  const rows = new Map<string, number>();
  const paths = new Set<string>();
  let sequences = 0;
  for await (const bytes of rawLines(file)) {
    if (footer) throw damaged(file, "there is data after its footer");
    const parsed = parseLine(file, bytes, !header);
    if (parsed.kind === "footer") {
      footer = parsed.footer;
      continue;
    }
    hash.update(bytes);
    if (parsed.kind === "header") {
      header = parsed.header;
      if (header.formatVersion !== BACKUP_FORMAT_VERSION)
        throw new BackupError(
          `The backup file ${path.basename(file)} is in format version ${header.formatVersion}; this code reads version ${BACKUP_FORMAT_VERSION}. Nothing was changed.`,
        );
      columnCounts = new Map(header.tables.map((table) => [table.name, table.columns.length]));
      continue;
    }
    const { entry } = parsed;
    if (entry.kind === "row") {
      if (columnCounts.get(entry.table) !== entry.values.length)
        throw damaged(file, `a row of ${entry.table} does not match the header's columns`);
      rows.set(entry.table, (rows.get(entry.table) ?? 0) + 1);
    } else if (entry.kind === "sequence") {
      sequences++;
    } else {
      const data = Buffer.from(entry.data, "base64");
      if (data.length !== entry.size || createHash("sha256").update(data).digest("hex") !== entry.sha256)
        throw damaged(file, `the stored file ${entry.path} does not match its checksum`);
      if (paths.has(entry.path)) throw damaged(file, `the stored file ${entry.path} appears twice`);
      paths.add(entry.path);
    }
    if (onEntry) await onEntry(entry, header!);
  }
  if (!header) throw damaged(file, "it is empty");
  if (!footer) throw damaged(file, "its footer is missing (the file was cut short)");
  if (hash.digest("hex") !== footer.sha256) throw damaged(file, "its checksum does not match its contents");
  const counted = Object.fromEntries(header.tables.map((table) => [table.name, rows.get(table.name) ?? 0]));
  const sameRows =
    header.tables.length === Object.keys(footer.rows).length &&
    header.tables.every((table) => footer.rows[table.name] === counted[table.name]);
  if (!sameRows || footer.files !== paths.size || footer.sequences !== sequences)
    throw damaged(file, "its counts of rows and files do not match its contents");
  if (header.schemaVersion !== codeSchemaVersion())
    throw schemaMismatch(
      "The backup",
      header.schemaVersion,
      "Restore it with the release of the site that made it. Nothing was changed.",
    );
  return { header, footer };
}
