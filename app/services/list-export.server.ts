import { stringify } from "csv-stringify/sync";
import { ageCheckSummary } from "~/domain/age-check";
import { LIST_KINDS, type AccountState, type ListFilter, type ListKindName } from "~/domain/list-query";
import type { OrderView } from "~/domain/orders";
import type { ApplicationStatus, DemoStatus, TeacherApplicationStatus } from "~/domain/statuses";
import { isoDateInIndia } from "~/domain/format";
import { safeCell } from "./account-data.server";
import type { ApplicationsService, DemosService } from "./enquiries.server";
import type { OrdersService } from "./payments/index.server";
import type { createTeacherApplicationsService } from "./teacher-applications.server";
import type { createUserAdmin } from "./user-admin.server";

/** A CSV file on its way: its name and its bytes as they are read from the database. */
export type CsvDownload = { fileName: string; body: ReadableStream<Uint8Array> };

/** One column of an export: its heading and how a row fills it. */
type CsvColumn<Row> = readonly [heading: string, value: (row: Row) => unknown];

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
// One formatter for every row: `toLocaleString` with options makes a new one per call (~40×).
const indiaTime = (at: Date | null) => (at ? INDIA_TIME.format(at) : "");

/** Paise as rupees with two decimals, a number a spreadsheet can add up: 1500000 -> "15000.00". */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * Rows from `batches` as CSV, streamed: a batch is read from the database only when the one
 * before it has been taken by the download (a pull stream, so backpressure is built in), so
 * memory holds one batch however long the list. UTF-8 with a byte-order mark (Excel then reads
 * names in any script), a header row, and every cell neutralised against formulas as the
 * account export does.
 */
function csvStream<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<Row[]>) {
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
          : next.value.map((row) => columns.map(([, value]) => safeCell(value(row))));
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

const fileName = (kind: ListKindName, extra = "") =>
  `${LIST_KINDS[kind].fileStem}${extra}-${isoDateInIndia()}.csv`;

type TeacherApplicationsService = ReturnType<typeof createTeacherApplicationsService>;
type UserAdmin = ReturnType<typeof createUserAdmin>;

const contact = <Row extends { parentName: string; mobile: string; email: string }>(): CsvColumn<Row>[] => [
  ["Parent", (row) => row.parentName],
  ["Mobile", (row) => row.mobile],
  ["E-mail", (row) => row.email],
];

/** Each admin list as a CSV with the list's filters (issue 19 point 4): admin only (the routes check). */
export function createListExport(lists: {
  applications: ApplicationsService;
  demos: DemosService;
  teacherApplications: TeacherApplicationsService;
  orders: OrdersService;
  userAdmin: UserAdmin;
}) {
  return {
    applications(filter: ListFilter<ApplicationStatus>): CsvDownload {
      return {
        fileName: fileName("applications"),
        body: csvStream(
          [
            ["ID", (row) => row.id],
            ["Received", (row) => indiaTime(row.createdAt)],
            ["Student", (row) => row.studentName],
            ["Date of birth", (row) => row.dob],
            ["Grade", (row) => row.grade],
            ...contact(),
            ["Status", (row) => row.status],
            ["Age check", (row) => (row.ageCheckFailed ? ageCheckSummary(row.ageCheck) : "")],
          ],
          lists.applications.exportRows(filter),
        ),
      };
    },

    demos(filter: ListFilter<DemoStatus>): CsvDownload {
      return {
        fileName: fileName("demos"),
        body: csvStream(
          [
            ["ID", (row) => row.id],
            ["Received", (row) => indiaTime(row.createdAt)],
            ["Student", (row) => row.studentName],
            ["Grade", (row) => row.grade],
            ...contact(),
            ["Preferred time", (row) => row.preferredDateTime],
            ["Status", (row) => row.status],
          ],
          lists.demos.exportRows(filter),
        ),
      };
    },

    teacherApplications(filter: ListFilter<TeacherApplicationStatus>): CsvDownload {
      return {
        fileName: fileName("teacherApplications"),
        body: csvStream(
          [
            ["ID", (row) => row.id],
            ["Received", (row) => indiaTime(row.createdAt)],
            ["Name", (row) => row.name],
            ["City", (row) => row.city],
            ["Mobile", (row) => row.mobile],
            ["E-mail", (row) => row.email],
            ["Experience", (row) => row.experience],
            ["Message", (row) => row.message],
            ["CV", (row) => row.cvFileName ?? ""],
            ["Status", (row) => row.status],
          ],
          lists.teacherApplications.exportRows(filter),
        ),
      };
    },

    orders(view: OrderView, filter: ListFilter<never>): CsvDownload {
      return {
        fileName: fileName("orders", `-${view}`),
        body: csvStream(
          [
            ["Order ID", (row) => row.id],
            ["Created", (row) => indiaTime(row.createdAt)],
            ["Paid", (row) => indiaTime(row.paidAt)],
            ["Student", (row) => row.studentName],
            ["Grade", (row) => row.grade],
            ...contact(),
            ["Amount (INR)", (row) => rupees(row.amount)],
            ["Refunded (INR)", (row) => rupees(row.refundedAmount)],
            ["Status", (row) => row.status],
            ["Transaction ID", (row) => row.transactionId ?? ""],
            ["Gateway", (row) => row.gateway],
            ["Gateway order ID", (row) => row.gatewayOrderId ?? ""],
            ["Gateway payment ID", (row) => row.gatewayPaymentId ?? ""],
          ],
          lists.orders.exportRows(view, filter),
        ),
      };
    },

    users(filter: ListFilter<AccountState>): CsvDownload {
      return {
        fileName: fileName("users"),
        body: csvStream(
          [
            ["ID", (row) => row.id],
            ["Name", (row) => row.name],
            ["E-mail", (row) => row.email],
            ["Role", (row) => row.role],
            ["Account", (row) => (row.disabledAt ? "Disabled" : "Active")],
            ["Registered", (row) => indiaTime(row.createdAt)],
          ],
          lists.userAdmin.exportRows(filter),
        ),
      };
    },
  };
}
