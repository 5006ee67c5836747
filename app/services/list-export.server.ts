import { stringify } from "csv-stringify/sync";
import { isoDateInIndia } from "~/domain/format";
import { LIST_KINDS, type ListFilter } from "~/domain/list-query";
import { safeCell } from "./account-data.server";
import { storeWith, type CsvColumn, type KindWith } from "./record-kinds/index.server";

/** A CSV file on its way: its name and its bytes as they are read from the database. */
export type CsvDownload = { fileName: string; body: ReadableStream<Uint8Array> };

/**
 * Rows from `batches` as CSV, streamed: a batch is read from the database only when the one
 * before it has been taken by the download (a pull stream, so backpressure is built in), so
 * memory holds one batch however long the list. UTF-8 with a byte-order mark (Excel then reads
 * names in any script), a header row, and every cell neutralised against formulas as the
 * account export does.
 */
function csvStream(columns: readonly CsvColumn<never>[], batches: AsyncIterable<unknown[]>) {
  const headings = columns.map(([heading]) => heading);
  const reading = batches[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>(
    {
      async pull(download) {
        const next = await reading.next();
        const rows = next.done
          ? []
          : next.value.map((row) => columns.map(([, value]) => safeCell(value(row as never))));
        if (first || rows.length > 0)
          download.enqueue(encoder.encode(stringify(rows, { bom: first, header: first, columns: headings })));
        first = false;
        if (next.done) download.close();
      },
      // A cancelled download stops the reads.
      async cancel() {
        await reading.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}

/** The kinds whose admin list has a CSV: their stores declare its columns. */
export type CsvKind = KindWith<"csv">;

/** A kind's rows under its list's filters, in batches (its list service's `exportRows`). */
type ExportedRows = (filter: ListFilter<never>) => AsyncIterable<unknown[]>;

/**
 * Each admin list as a CSV with the list's filters (issue 19 point 4), its columns as its kind's
 * store declares them (app/services/record-kinds/): admin only (the routes check).
 */
export function createListExport(rowsOf: Record<CsvKind, ExportedRows>) {
  return {
    /** `tag` names a part of the list in the file's name (an orders' view: orders-paid-….csv). */
    download(kind: CsvKind, filter: ListFilter<string>, tag?: string): CsvDownload {
      return {
        fileName: `${LIST_KINDS[kind].fileStem}${tag ? `-${tag}` : ""}-${isoDateInIndia()}.csv`,
        body: csvStream(storeWith(kind, "csv").csv, rowsOf[kind](filter as ListFilter<never>)),
      };
    },
  };
}
