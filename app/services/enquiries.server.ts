import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { LIMITS } from "~/domain/limits";
import { APPLICATION_STATUSES, DEMO_STATUSES, statusLabel } from "~/domain/statuses";
import type { Database } from "../../db/client";
import { applications, demoRequests } from "../../db/schema";
import { notFound } from "./errors";
import {
  emailAddress,
  grade,
  indianMobile,
  pagination,
  parseInput,
  recordId,
  requiredText,
} from "./validation";

/** A real calendar date in the past, no more than 18 years ago: a school child's birthday. */
const dateOfBirth = z
  .string({ error: "Please enter the date of birth." })
  .trim()
  .min(1, "Please enter the date of birth.")
  .refine((value) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "Please enter a real date of birth (for example 2019-06-15).")
  .refine(
    (value) => new Date(`${value}T00:00:00Z`).getTime() < Date.now(),
    "The date of birth must be in the past.",
  )
  .refine((value) => {
    const earliest = new Date();
    earliest.setUTCFullYear(earliest.getUTCFullYear() - 18);
    return new Date(`${value}T00:00:00Z`) >= earliest;
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
const listQuery = pagination({ defaultLimit: 50, maxLimit: 200 }).partial();

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
      const rows = db
        .select()
        .from(table as EnquiryTable)
        .orderBy(desc(table.createdAt), desc(table.id));
      if (!limit && !page) return (await rows) as Row[];
      const size = limit ?? 50;
      return (await rows.limit(size).offset(((page ?? 1) - 1) * size)) as Row[];
    },

    async count(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(table as EnquiryTable);
      return row?.total ?? 0;
    },

    async updateStatus(id: unknown, input: unknown): Promise<Row> {
      const parsedId = recordId.safeParse(id);
      if (!parsedId.success) throw notFound(schemas.notFound);
      const { status } = parseInput(schemas.status, input) as { status: Row["status"] };
      const [row] = (await db
        .update(table as EnquiryTable)
        .set({ status } as never)
        .where(eq(table.id, parsedId.data))
        .returning()) as Row[];
      if (!row) throw notFound(schemas.notFound);
      return row;
    },
  };
}

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
