import { createHash } from "node:crypto";
import { and, count, eq, getTableColumns, getTableName, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { pathIn } from "~/domain/languages";
import { gradeLabel } from "~/domain/texts/grades";
import { familyStatusLabel } from "~/domain/texts/statuses";
import type { UpdateRequest, UpdatesOutbox } from "./updates/outbox.server";
import {
  AGE_CHECK_MESSAGES,
  ageWarning,
  checkAge,
  defaultAcademicYearStart,
  dobProblem,
  type AgeCheck,
} from "~/domain/age-check";
import { FORMS } from "~/domain/forms";
import type { Language } from "~/domain/languages";
import { isoDateInIndia } from "~/domain/format";
import { RECORD_KINDS, statusesOf } from "~/domain/record-kinds";
import { APPLICATION_STATUSES, DEMO_STATUSES, statusLabel } from "~/domain/statuses";
import type { Database } from "../../db/client";
import { applications, demoRequests, SEARCH_TEXT } from "../../db/schema";
import { consentGiven, withoutRecordKeeping, type WithoutRecordKeeping } from "./consent.server";
import type { Duplicates } from "./duplicates.server";
import { badRequest, notFound } from "./errors";
import type { MailOutbox, MailRequest } from "./mail/outbox.server";
import type { ListFilter, ListQuery } from "~/domain/list-query";
import { byAge, matchesText, withinDays, type FilteredPage, type PageQuery } from "./paging.server";
import type { ActivityColumns, DashboardSource } from "./dashboard.server";
import { recordList } from "./record-list.server";
import type { RecordHistory } from "./record-history.server";
import { optionalPagination, schemaOf, type FormInput } from "./validation";

export const applicationInput = schemaOf(FORMS.application);
export type ApplicationInput = FormInput<typeof FORMS.application>;
export const demoInput = schemaOf(FORMS.demo);
export type DemoInput = FormInput<typeof FORMS.demo>;

/** A status change checked against one kind of record's statuses (teacher applications use it too). */
export function statusInput<const Statuses extends readonly [string, ...string[]]>(statuses: Statuses) {
  return z.object({
    status: z.enum(statuses, { error: `Please choose a status: ${statuses.map(statusLabel).join(", ")}.` }),
  });
}

export const applicationStatusInput = statusInput(APPLICATION_STATUSES);
export const demoStatusInput = statusInput(DEMO_STATUSES);

/** `?page&limit` of the API's lists: everything unless a page is asked for. */
export const enquiryListQuery = optionalPagination({ maxLimit: 200 });

type EnquiryTable = typeof applications | typeof demoRequests;

/**
 * Admission applications and demo requests share one life: a visitor submits, staff move the
 * status freely among its values (spec section 4), staff read the list newest first.
 */
function createEnquiryService<
  Table extends EnquiryTable,
  Input extends { noticeVersion: string },
  StatusInput extends z.ZodType,
>(
  db: Database,
  outbox: MailOutbox,
  updates: UpdatesOutbox,
  history: Pick<RecordHistory, "add">,
  table: Table,
  schemas: {
    /** Its entry in the registry: statuses, "not found", how history and mails name it. */
    kind: "applications" | "demos";
    status: StatusInput;
    /**
     * The mails a new one sends: to the family (in `language`, the page's it was sent from) and
     * to the staff inbox. Given the row before the database gives it an id (0 here): `idField`
     * says where the real one goes in each mail.
     */
    mailsFor(
      row: WithoutRecordKeeping<Omit<Table["$inferSelect"], "userId">>,
      staff: string,
      language: Language,
    ): MailRequest[];
    /** The field of each mail's data that carries the new record's id. */
    idField: string;
    /**
     * The WhatsApp or SMS update a new one sends the family (issue 39), given the row before
     * the database gives it an id: a parameter `{id}` becomes the id.
     */
    updatesFor(
      row: WithoutRecordKeeping<Omit<Table["$inferSelect"], "userId">>,
      language: Language,
      whatsappUpdatesAt: Date | null,
    ): UpdateRequest[];
    /** The update a move to `status` sends the family, if any (issue 39), given the whole row. */
    statusUpdatesFor(row: Table["$inferSelect"], status: Table["$inferSelect"]["status"]): UpdateRequest[];
    /** The duplicate check (issue 40 point 4) each submission's statement runs; the site always has it. */
    duplicates?: Pick<Duplicates, "checkWith">;
  },
) {
  const { notFound: notFoundText, recordType, mailAbout: about } = RECORD_KINDS[schemas.kind];
  const { duplicates } = schemas;
  const statuses = statusesOf(schemas.kind) as readonly Table["$inferSelect"]["status"][];
  /**
   * A row as staff and the API see it: without the account that sent it, which only decides
   * whose profile shows it (family-records.server.ts) and is no part of the API's answers, nor
   * the consent and retention columns (consent.server.ts).
   */
  type Row = WithoutRecordKeeping<Omit<Table["$inferSelect"], "userId">> &
    Pick<Table["$inferSelect"], "status">;
  // Drizzle's builders take the union of the two tables, not the type parameter, so queries are
  // built on `anyTable` (this same table, its type widened by annotation rather than assertion)
  // and the rows they read are given back this table's row type.
  const anyTable: EnquiryTable = table;
  const ownRows = (rows: EnquiryTable["$inferSelect"][]) =>
    rows.map(({ userId: _account, ...row }) => withoutRecordKeeping(row)) as unknown as Row[];

  /**
   * The one statement that stores a submission and queues its mails, prepared once for each set
   * of fields a submission can give: PostgreSQL then parses and plans it once per connection,
   * not on every submission (the planning was about as dear as the inserts; docs/performance.md,
   * "Mail"). The statement's text depends only on the table and those fields' names, so one name
   * per set is safe on any connection of the pool.
   */
  const statements = new Map<string, ReturnType<typeof prepareStoreWithMails>>();
  function prepareStoreWithMails(fields: string[]) {
    const placeholders = Object.fromEntries(fields.map((field) => [field, sql.placeholder(field)]));
    const created = db.$with("created").as(
      db
        .insert(anyTable)
        .values({
          ...placeholders,
          ...consentGiven({ noticeVersion: sql.placeholder("noticeVersion") }),
        } as never)
        .returning(),
    );
    const queued = outbox.queuedWith(sql.placeholder("mails"), { about, idField: schemas.idField });
    const queuedUpdates = updates.queuedWith(sql.placeholder("updates"), { about });
    // The record's possible duplicates marked by the same statement (none in a bench's service without the check).
    const flagged = duplicates
      ? [
          duplicates.checkWith(recordType, {
            mobile: placeholders.mobile!,
            email: placeholders.email!,
            studentName: placeholders.studentName,
            dob: placeholders.dob,
          }),
        ]
      : [];
    const name = `store_${getTableName(anyTable)}${duplicates ? "_checked" : ""}_${createHash("sha1").update(fields.join(",")).digest("hex").slice(0, 12)}`;
    return db
      .with(created, queued, queuedUpdates, ...flagged)
      .select()
      .from(created)
      .prepare(name);
  }
  function storeWithMails(fields: string[]) {
    const key = [...fields].sort().join(",");
    let statement = statements.get(key);
    if (!statement) {
      statement = prepareStoreWithMails(key.split(","));
      statements.set(key, statement);
    }
    return statement;
  }

  // A record merged into another (issue 40 point 4) is kept for the audit, not listed or counted.
  const listed = isNull(table.mergedIntoId);

  async function newestFirst(limit?: number, offset = 0): Promise<Row[]> {
    const rows = db
      .select()
      .from(anyTable)
      .where(listed)
      .orderBy(...byAge("newest", table.createdAt, table.id));
    return ownRows(await (limit === undefined ? rows : rows.limit(limit).offset(offset)));
  }
  // Only the row's own columns are read (no account, no record-keeping), so each row is used as
  // read: a hundred thousand exported rows made a million short-lived copies, whose garbage is
  // what an export's memory grows by.
  const {
    userId: _account,
    consentAt: _consent,
    noticeVersion: _notice,
    anonymisedAt: _anonymised,
    language: _language,
    whatsappUpdatesAt: _whatsapp,
    ...own
  } = getTableColumns(anyTable);
  const staffList = recordList<Row, Row["status"]>({
    db,
    table,
    id: table.id,
    createdAt: table.createdAt,
    select: (extra) =>
      db
        .select({ ...own, ...extra })
        .from(anyTable)
        .$dynamic(),
    filtered: (filter) =>
      and(
        listed,
        filter.grade ? eq(table.grade, filter.grade) : undefined,
        withinDays(table.createdAt, filter),
        matchesText(SEARCH_TEXT.application(table), filter.q),
      ),
    tabs: { values: statuses, of: table.status, where: (status) => eq(table.status, status) },
  });

  async function countRows(filter: { status?: Row["status"] } = {}): Promise<number> {
    const rows = db.select({ total: count() }).from(anyTable);
    const [row] = await rows.where(and(listed, filter.status ? eq(table.status, filter.status) : undefined));
    return row?.total ?? 0;
  }

  return {
    /**
     * Stores it and queues its mails in one statement: never one without the other. `userId` is
     * the account signed in when it was sent, if any: its profile then shows it.
     */
    async create(
      values: Input,
      { userId = null, language = "en" }: { userId?: number | null; language?: Language } = {},
    ): Promise<Row> {
      const mail = await outbox.prepare();
      // The WhatsApp choice is kept as the moment it was given (issue 39), not as the box's value.
      const { whatsappUpdates, ...given } = values as Input & { whatsappUpdates?: boolean };
      const whatsappUpdatesAt = whatsappUpdates ? new Date() : undefined;
      const unsaved = {
        ...(given as object),
        id: 0,
        status: "PENDING",
        createdAt: new Date(),
      } as Row;
      const fields = { ...given, whatsappUpdatesAt, userId, language } as Record<string, unknown>;
      const present = Object.keys(fields).filter((field) => fields[field] !== undefined);
      const rows = await storeWithMails(present).execute({
        ...fields,
        mails: mail.mailsValue(schemas.mailsFor(unsaved, mail.staff, language)),
        updates: updates.updatesValue(schemas.updatesFor(unsaved, language, whatsappUpdatesAt ?? null)),
      });
      return ownRows(rows)[0]!;
    },

    async list({ page, limit }: PageQuery = {}): Promise<Row[]> {
      if (!limit && !page) return newestFirst();
      const size = limit ?? 50;
      return newestFirst(size, ((page ?? 1) - 1) * size);
    },

    /**
     * The admin screen's page under its filters: `{ rows, totalPages, currentPage, total }` and,
     * for the status tabs, how many rows each status has under the other filters.
     */
    listPage: staffList.listPage,

    /** The dashboard's reads: how many a tab holds, and the newest of every status. */
    dashboard: {
      counted: (tab) => staffList.tabCount(tab as Row["status"]),
      newest: (limit) =>
        staffList.newestRows(
          {
            id: table.id,
            at: table.createdAt,
            studentName: table.studentName,
            grade: table.grade,
            status: table.status,
            amount: sql`null`,
          } satisfies ActivityColumns,
          limit,
        ),
    } satisfies DashboardSource,

    /** Every row under `filter`, in its order, in batches (the CSV export): memory holds one batch. */
    exportRows: staffList.exportRows,

    /** How many there are, or how many have the given status. */
    count: countRows,

    /**
     * Moves it to `status` and, when that is a change, writes who did it (`actorId`: the staff
     * account, from a page or the API) and from what, in the same transaction.
     */
    async updateStatus(
      id: number,
      { status }: { status: Row["status"] },
      actorId: number | null = null,
    ): Promise<Row> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: table.status })
          .from(anyTable)
          .where(eq(table.id, id))
          .for("update");
        if (!before) throw notFound(notFoundText);
        // Out of PENDING for the first time is the first contact the insights time (issue 40);
        // a later round trip through PENDING keeps the first.
        const firstContact =
          status === "PENDING" ? {} : { firstContactedAt: sql`coalesce(${table.firstContactedAt}, now())` };
        const [moved] = await tx
          .update(anyTable)
          .set({ status, ...firstContact })
          .where(eq(table.id, id))
          .returning();
        if (before.status !== status) {
          await history.add(tx, {
            recordType,
            recordId: id,
            kind: "STATUS_CHANGED",
            actorId,
            fromStatus: before.status,
            toStatus: status,
          });
          if (!moved!.anonymisedAt) await updates.queue(tx, ...schemas.statusUpdatesFor(moved!, status));
        }
        return ownRows([moved!])[0]!;
      });
    },
  };
}

export type Application = WithoutRecordKeeping<Omit<typeof applications.$inferSelect, "userId">>;
export type DemoRequest = WithoutRecordKeeping<Omit<typeof demoRequests.$inferSelect, "userId">>;

/** An application as the API and the admin screen see it: the stored row and its age check. */
export type CheckedApplication = Application & { ageCheck: AgeCheck };

export function createApplicationsService(
  db: Database,
  outbox: MailOutbox,
  updates: UpdatesOutbox,
  history: Pick<RecordHistory, "add">,
  /** ACADEMIC_YEAR_START: the day the age check goes by (YYYY-MM-DD). */
  academicYearStart: string = defaultAcademicYearStart(),
  /** PUBLIC_URL: the profile's link in a status update. */
  publicUrl = "http://localhost:3000",
  duplicates?: Pick<Duplicates, "checkWith">,
) {
  const enquiries = createEnquiryService<
    typeof applications,
    Omit<ApplicationInput, "ageConfirmed" | "whatsappUpdates"> & {
      ageCheckFailed: boolean;
      whatsappUpdates?: boolean;
    },
    typeof applicationStatusInput
  >(db, outbox, updates, history, applications, {
    kind: "applications",
    duplicates,
    status: applicationStatusInput,
    idField: "applicationId",
    mailsFor: (row, staff, language) => {
      const names = { parentName: row.parentName, studentName: row.studentName, grade: row.grade };
      return [
        { kind: "applicationReceived", to: row.email, data: { ...names, applicationId: row.id, language } },
        {
          kind: "staffNewApplication",
          to: staff,
          data: { ...names, applicationId: row.id, dob: row.dob, mobile: row.mobile, email: row.email },
        },
      ];
    },
    updatesFor: (row, language, whatsappUpdatesAt) => [
      {
        kind: "applicationReceived",
        mobile: row.mobile,
        language,
        whatsappUpdatesAt,
        about: "",
        parameters: {
          parentName: row.parentName,
          studentName: row.studentName,
          grade: gradeLabel(row.grade, language),
          reference: "{id}",
        },
      },
    ],
    statusUpdatesFor: (row, status) => [
      {
        kind: "applicationStatusChanged",
        mobile: row.mobile,
        language: row.language,
        whatsappUpdatesAt: row.whatsappUpdatesAt,
        about: `application:${row.id}`,
        parameters: {
          parentName: row.parentName,
          studentName: row.studentName,
          status: familyStatusLabel(status, row.language),
          link: new URL(pathIn(row.language, "/profile"), publicUrl).toString(),
        },
      },
    ],
  });
  const checked = (row: Application): CheckedApplication => ({
    ...row,
    ageCheck: checkAge(row.dob, row.grade, academicYearStart),
  });

  return {
    ...enquiries,
    /** The day the age check goes by, for the form to check in the browser as the server does. */
    academicYearStart,

    /**
     * Stores an application. A date of birth in the future or making the child younger than two
     * on the start date is refused (400 on `dob`). A grade that does not fit the age is not: the
     * application is stored with `ageCheckFailed` for staff to see. `askToConfirm` (the page's
     * form) first refuses such a mismatch until the parent has ticked `ageConfirmed`.
     */
    async create(
      {
        ageConfirmed = false,
        ...input
      }: Omit<ApplicationInput, "ageConfirmed" | "whatsappUpdates"> & {
        ageConfirmed?: boolean;
        whatsappUpdates?: boolean;
      },
      {
        askToConfirm = false,
        userId = null,
        language = "en",
      }: {
        askToConfirm?: boolean;
        /** The account signed in when it was sent, if any. */
        userId?: number | null;
        /** The language of the page it was sent from (its mails are written in it). */
        language?: Language;
      } = {},
    ): Promise<CheckedApplication> {
      const problem = dobProblem(input.dob, academicYearStart, isoDateInIndia());
      if (problem) throw badRequest(problem, { dob: [problem] });
      const ageCheck = checkAge(input.dob, input.grade, academicYearStart);
      if (!ageCheck.fits && askToConfirm && !ageConfirmed) {
        const warning = ageWarning({
          check: ageCheck,
          grade: input.grade,
          studentName: input.studentName,
          start: academicYearStart,
          today: isoDateInIndia(),
        });
        throw badRequest(AGE_CHECK_MESSAGES.confirmNeeded, { ageConfirmed: [warning] });
      }
      const row = await enquiries.create({ ...input, ageCheckFailed: !ageCheck.fits }, { userId, language });
      return { ...row, ageCheck };
    },

    async list(query: PageQuery = {}): Promise<CheckedApplication[]> {
      return (await enquiries.list(query)).map(checked);
    },

    async listPage(
      query: ListQuery<Application["status"]> = {},
    ): Promise<FilteredPage<CheckedApplication, Application["status"]>> {
      const page = await enquiries.listPage(query);
      return { ...page, rows: page.rows.map(checked) };
    },

    async *exportRows(filter: ListFilter<Application["status"]>, batchSize = 1000) {
      // Each row gets its check in place: the rows are this export's own, and a copy of each
      // would be garbage again.
      for await (const rows of enquiries.exportRows(filter, batchSize)) {
        for (const row of rows as (Application & Partial<CheckedApplication>)[])
          row.ageCheck = checkAge(row.dob, row.grade, academicYearStart);
        yield rows as unknown as CheckedApplication[];
      }
    },

    async updateStatus(
      id: number,
      input: { status: Application["status"] },
      actorId: number | null = null,
    ): Promise<CheckedApplication> {
      return checked(await enquiries.updateStatus(id, input, actorId));
    },
  };
}

export function createDemosService(
  db: Database,
  outbox: MailOutbox,
  updates: UpdatesOutbox,
  history: Pick<RecordHistory, "add">,
  duplicates?: Pick<Duplicates, "checkWith">,
) {
  return createEnquiryService<typeof demoRequests, DemoInput, typeof demoStatusInput>(
    db,
    outbox,
    updates,
    history,
    demoRequests,
    {
      kind: "demos",
      duplicates,
      status: demoStatusInput,
      idField: "demoId",
      mailsFor: (row, staff, language) => {
        const booking = {
          parentName: row.parentName,
          studentName: row.studentName,
          grade: row.grade,
          preferredDateTime: row.preferredDateTime,
        };
        return [
          { kind: "demoBooked", to: row.email, data: { ...booking, language } },
          {
            kind: "staffNewDemo",
            to: staff,
            data: { ...booking, demoId: row.id, mobile: row.mobile, email: row.email },
          },
        ];
      },
      updatesFor: (row, language, whatsappUpdatesAt) => [
        {
          kind: "demoReceived",
          mobile: row.mobile,
          language,
          whatsappUpdatesAt,
          about: "",
          parameters: {
            parentName: row.parentName,
            studentName: row.studentName,
            when: row.preferredDateTime,
          },
        },
      ],
      // Staff move a request to CONTACTED once they have agreed its time with the family: the
      // family is told the demo is confirmed (the time is the one they asked for).
      statusUpdatesFor: (row, status) =>
        status === "CONTACTED"
          ? [
              {
                kind: "demoConfirmed",
                mobile: row.mobile,
                language: row.language,
                whatsappUpdatesAt: row.whatsappUpdatesAt,
                about: `demo:${row.id}`,
                parameters: {
                  parentName: row.parentName,
                  studentName: row.studentName,
                  when: row.preferredDateTime,
                },
              },
            ]
          : [],
    },
  );
}
