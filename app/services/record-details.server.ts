import { eq, sql } from "drizzle-orm";
import { checkAge } from "~/domain/age-check";
import { kindOfRecordType, mailAbout, RECORD_KINDS } from "~/domain/record-kinds";
import type { RecordType } from "~/domain/statuses";
import type { Database } from "../../db/client";
import { applications, demoRequests, teacherApplications, teacherCvs } from "../../db/schema";
import { notFound } from "./errors";
import type { RecordHistory } from "./record-history.server";
import type { UpdatesAdmin } from "./updates/admin.server";
import { storeOf } from "./record-kinds/index.server";
import { teacherApplicationsStore } from "./record-kinds/teacher-applications.server";

/** What a teacher application's page shows: what its owner's data export lists, and the CV's size. */
const teacherApplicationShown = {
  ...teacherApplicationsStore.dataExport.columns,
  language: teacherApplications.language,
  cvSizeBytes: sql<
    number | null
  >`(select ${teacherCvs.sizeBytes} from ${teacherCvs} where ${teacherCvs.applicationId} = ${teacherApplications.id})`.as(
    "cv_size_bytes",
  ),
};

/** The records that have a detail page with notes (accounts have none). */
/** The records with a page of their own (a grade's seats have the Seats screen instead). */
type NotedRecordType = Exclude<RecordType, "USER" | "GRADE">;

/** What "no such record" says for each (app/domain/record-kinds.ts). */
const notFoundOf = (recordType: NotedRecordType) =>
  notFound(RECORD_KINDS[kindOfRecordType(recordType)].notFound);

/**
 * One application, demo request or teacher application as its staff page shows it (issue 19):
 * every stored field the list has no room for (consent, anonymisation, the CV's name), and its
 * history with who did what; a family's record also its WhatsApp and SMS updates and the family's
 * choices about them (issue 39). Notes are added here, for any record that exists, orders included.
 */
export function createRecordDetails({
  db,
  history,
  updates,
  academicYearStart,
}: {
  db: Database;
  history: Pick<RecordHistory, "forRecord" | "addNote">;
  updates: Pick<UpdatesAdmin, "forRecord" | "choicesOf">;
  /** The day the age check goes by, as the applications service uses it. */
  academicYearStart: string;
}) {
  async function withHistory<Row>(recordType: NotedRecordType, id: number, row: Row | undefined) {
    if (!row) throw notFoundOf(recordType);
    return { record: row, history: await history.forRecord(recordType, id) };
  }

  /** A family record's page: its history, its updates and what the family chose about them. */
  async function withUpdates<
    Row extends { id: number | string; mobile: string; whatsappUpdatesAt: Date | null },
  >(recordType: "APPLICATION" | "DEMO_REQUEST" | "ORDER", row: Row | undefined) {
    if (!row) throw notFoundOf(recordType);
    const [recordHistory, messages, choices] = await Promise.all([
      history.forRecord(recordType, row.id),
      updates.forRecord(mailAbout(kindOfRecordType(recordType), row.id)),
      updates.choicesOf(row),
    ]);
    return { record: row, history: recordHistory, messages, choices };
  }

  /** Whether the record is there: an id its kind cannot have (a malformed uuid) is no record's. */
  async function exists(recordType: NotedRecordType, text: string | number) {
    const { table, id: idColumn, idFrom } = storeOf(kindOfRecordType(recordType));
    const id = idFrom ? idFrom(String(text)) : Number(text);
    if (id === null) return false;
    const found = await db.select({ id: idColumn }).from(table).where(eq(idColumn, id));
    return found.length > 0;
  }

  return {
    async application(id: number) {
      const [row] = await db.select().from(applications).where(eq(applications.id, id));
      const checked = row && {
        ...row,
        ageCheck: checkAge(row.dob, row.grade, academicYearStart),
      };
      return withUpdates("APPLICATION", checked);
    },

    async demo(id: number) {
      const [row] = await db.select().from(demoRequests).where(eq(demoRequests.id, id));
      return withUpdates("DEMO_REQUEST", row);
    },

    async teacherApplication(id: number) {
      const [row] = await db
        .select(teacherApplicationShown)
        .from(teacherApplications)
        .where(eq(teacherApplications.id, id));
      return withHistory("TEACHER_APPLICATION", id, row);
    },

    /** An order's status changes and notes, newest first (its page reads the order itself). */
    orderHistory: (id: string) => history.forRecord("ORDER", id),

    /** An order's WhatsApp and SMS updates, and the family's choices about them (issue 39). */
    async orderUpdates(order: { id: string; mobile: string; whatsappUpdatesAt: Date | null }) {
      const [messages, choices] = await Promise.all([
        updates.forRecord(mailAbout("orders", order.id)),
        updates.choicesOf(order),
      ]);
      return { messages, choices };
    },

    /** Adds staff's note to a record: 404 when there is no such record, 400 for a bad note. */
    async addNote(recordType: NotedRecordType, id: string | number, input: unknown, actorId: number) {
      if (!(await exists(recordType, id))) throw notFoundOf(recordType);
      await history.addNote(recordType, id, input, actorId);
    },
  };
}
