import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { LIMITS } from "~/domain/limits";
import { APPLICATION_STATUSES, DEMO_STATUSES, statusLabel } from "~/domain/statuses";
import type { Database } from "../../db/client";
import { applications, demoRequests } from "../../db/schema";
import { isoDateInIndia } from "~/utils/format";
import { notFound } from "./errors";
import { byAge, pageOf, type Paged, type ReadRows } from "./paging.server";
import {
  emailAddress,
  grade,
  indianMobile,
  optionalPagination,
  parseInput,
  recordId,
  requiredText,
} from "./validation";

const REAL_DATE_MESSAGE = "Please enter a real date of birth (for example 2019-06-15).";

/** Whether `value` (YYYY-MM-DD) is a day the calendar has: not 30 Feb, not month 13. */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * A real calendar date before today (in India, where the school is), no more than 18 years ago:
 * a school child's birthday. The first rule a value breaks is the one it is told about.
 */
const dateOfBirth = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? "Please enter the date of birth."
        : REAL_DATE_MESSAGE,
  })
  .trim()
  .min(1, { message: "Please enter the date of birth.", abort: true })
  .refine(isCalendarDate, { message: REAL_DATE_MESSAGE, abort: true })
  .refine((value) => value < isoDateInIndia(), {
    message: "The date of birth must be in the past.",
    abort: true,
  })
  .refine((value) => {
    const today = isoDateInIndia();
    return value >= `${Number(today.slice(0, 4)) - 18}${today.slice(4)}`;
  }, "Please check the date of birth: our students are under 18.");

export const applicationInput = z.object({
  studentName: requiredText("the student's name", LIMITS.name),
  dob: dateOfBirth,
  grade,
  parentName: requiredText("the parent's name", LIMITS.name),
  mobile: indianMobile,
  email: emailAddress(),
});

export const demoInput = z.object({
  parentName: requiredText("the parent's name", LIMITS.name),
  studentName: requiredText("the student's name", LIMITS.name),
  grade,
  mobile: indianMobile,
  email: emailAddress(),
  preferredDateTime: requiredText("a preferred date and time", LIMITS.preferredDateTime),
});

function statusInput<const Statuses extends readonly [string, ...string[]]>(statuses: Statuses) {
  return z.object({
    status: z.enum(statuses, { error: `Please choose a status: ${statuses.map(statusLabel).join(", ")}.` }),
  });
}

export const applicationStatusInput = statusInput(APPLICATION_STATUSES);
export const demoStatusInput = statusInput(DEMO_STATUSES);

/** Admin lists return everything unless a page is asked for. */
const listQuery = optionalPagination({ maxLimit: 200 });

type EnquiryTable = typeof applications | typeof demoRequests;

/**
 * Admission applications and demo requests share one life: a visitor submits, staff move the
 * status freely among its values (spec section 4), staff read the list newest first.
 */
function createEnquiryService<
  Table extends EnquiryTable,
  Input extends z.ZodType,
  StatusInput extends z.ZodType,
>(db: Database, table: Table, schemas: { input: Input; status: StatusInput; notFound: string }) {
  type Row = Table["$inferSelect"];
  // Drizzle's builders take the union of the two tables, not the type parameter, so queries are
  // built on `anyTable` (this same table, its type widened by annotation rather than assertion)
  // and the rows they read are given back this table's row type.
  const anyTable: EnquiryTable = table;
  const ownRows = (rows: EnquiryTable["$inferSelect"][]) => rows as Row[];

  async function newestFirst(limit?: number, offset = 0): Promise<Row[]> {
    const rows = inOrder("newest");
    return ownRows(await (limit === undefined ? rows : rows.limit(limit).offset(offset)));
  }
  const inOrder = (order: "newest" | "oldest") =>
    db
      .select()
      .from(anyTable)
      .orderBy(...byAge(order, table.createdAt, table.id));
  const byAgeRows: ReadRows<Row> = async (order, limit, offset) =>
    ownRows(await inOrder(order).limit(limit).offset(offset));

  async function countRows(filter: { status?: Row["status"] } = {}): Promise<number> {
    const rows = db.select({ total: count() }).from(anyTable);
    const [row] = await (filter.status ? rows.where(eq(table.status, filter.status)) : rows);
    return row?.total ?? 0;
  }

  return {
    async create(input: unknown): Promise<Row> {
      const values = parseInput(schemas.input, input);
      const [row] = await db
        .insert(table)
        .values(values as never)
        .returning();
      return row as Row;
    },

    async list(query: unknown = {}): Promise<Row[]> {
      const { page, limit } = parseInput(listQuery, query);
      if (!limit && !page) return newestFirst();
      const size = limit ?? 50;
      return newestFirst(size, ((page ?? 1) - 1) * size);
    },

    /** The admin screen's page: `{ rows, totalPages, currentPage, total }`. */
    async listPage(query: unknown = {}): Promise<Paged<Row>> {
      return pageOf(query, { count: () => countRows(), rows: byAgeRows });
    },

    /** How many there are, or how many have the given status. */
    count: countRows,

    async updateStatus(id: unknown, input: unknown): Promise<Row> {
      const parsedId = recordId.safeParse(id);
      if (!parsedId.success) throw notFound(schemas.notFound);
      const { status } = parseInput(schemas.status, input) as { status: Row["status"] };
      const [row] = (await db
        .update(anyTable)
        .set({ status })
        .where(eq(table.id, parsedId.data))
        .returning()) as Row[];
      if (!row) throw notFound(schemas.notFound);
      return row;
    },
  };
}

export type Application = typeof applications.$inferSelect;
export type DemoRequest = typeof demoRequests.$inferSelect;

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
export function createApplicationsService(db: Database) {
  return createEnquiryService(db, applications, {
    input: applicationInput,
    status: applicationStatusInput,
    notFound: "Application not found.",
  });
}

export type DemosService = ReturnType<typeof createDemosService>;
export function createDemosService(db: Database) {
  return createEnquiryService(db, demoRequests, {
    input: demoInput,
    status: demoStatusInput,
    notFound: "Demo request not found.",
  });
}
