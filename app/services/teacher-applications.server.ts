import { and, count, eq, getTableColumns } from "drizzle-orm";
import { FORMS } from "~/domain/forms";
import type { Language } from "~/domain/languages";
import { MAX_CV_BYTES } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import { TEACHER_APPLICATION_STATUSES, type TeacherApplicationStatus } from "~/domain/statuses";
import type { Database } from "../../db/client";
import { SEARCH_TEXT, teacherApplications, teacherCvs, type TeacherApplicationRow } from "../../db/schema";
import { consentGiven, withoutRecordKeeping, type WithoutRecordKeeping } from "./consent.server";
import { statusInput } from "./enquiries.server";
import type { RecordHistory } from "./record-history.server";
import {
  AppError,
  badRequest,
  isAppError,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
  type FieldErrors,
} from "./errors";
import type { MailOutbox, MailRequest } from "./mail/outbox.server";
import { byAge, matchesText, withinDays, type PageQuery } from "./paging.server";
import { recordList } from "./record-list.server";
import { optionalPagination, parseForm, schemaOf, type FormInput } from "./validation";

export const teacherApplicationInput = schemaOf(FORMS.teacher);
export type TeacherApplicationInput = FormInput<typeof FORMS.teacher>;
export const teacherStatusInput = statusInput(TEACHER_APPLICATION_STATUSES);
/** `?page&limit` of the API's list: everything unless a page is asked for. */
export const teacherListQuery = optionalPagination({ maxLimit: 200 });

/** A CV as it arrived: the bytes, and the name the file had on the teacher's device. */
export type CvUpload = { fileName: string; bytes: Uint8Array };

/** A teacher application as staff and the API see it: never the CV's bytes, only whether there is one. */
export type TeacherApplication = WithoutRecordKeeping<TeacherApplicationRow> & {
  hasCv: boolean;
  cvFileName: string | null;
  cvSizeBytes: number | null;
};

/** A stored CV, for its download. */
export type TeacherCv = { fileName: string; sizeBytes: number; content: Buffer };

const MEGABYTES = MAX_CV_BYTES / 1024 / 1024;
/** How far from the end a PDF's "%%EOF" may sit (writers add a line break or a little padding). */
const EOF_WINDOW = 1024;
const PDF_START = Buffer.from("%PDF-", "latin1");
const PDF_END = Buffer.from("%%EOF", "latin1");

/**
 * The name a CV is kept and offered under: the file's own name without any folder, control or
 * formatting characters, at most 255 characters, and always ending in ".pdf" (the bytes are a
 * PDF whatever the name said). It is only ever shown and used as a download's name.
 */
export function cvFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  const stem = cleaned.replace(/\.pdf$/i, "").replace(/^[\s.]+|[\s.]+$/g, "");
  const kept = Array.from(stem || "CV")
    .slice(0, 255 - ".pdf".length)
    .join("");
  return `${kept}.pdf`;
}

/**
 * The CV of a submission, checked by its content: none when no file was chosen (an empty file
 * input posts zero bytes), a 413 over MAX_CV_BYTES, a 415 unless the bytes are a PDF (they start
 * with "%PDF-" and end with "%%EOF"), whatever the file's name or declared type said.
 */
function checkedCv(upload: CvUpload | undefined): TeacherCv | null {
  if (!upload || upload.bytes.length === 0) return null;
  const { bytes } = upload;
  if (bytes.length > MAX_CV_BYTES) {
    const message = MESSAGES.teacher.cvTooLarge(MEGABYTES);
    throw payloadTooLarge(message, { cv: [message] });
  }
  const content = Buffer.from(bytes);
  const tail = content.subarray(Math.max(0, content.length - EOF_WINDOW));
  if (!content.subarray(0, PDF_START.length).equals(PDF_START) || !tail.includes(PDF_END)) {
    throw unsupportedMediaType(MESSAGES.teacher.cvNotPdf, { cv: [MESSAGES.teacher.cvNotPdf] });
  }
  return { fileName: cvFileName(upload.fileName), sizeBytes: content.length, content };
}

/**
 * The confirmation to the teacher (in the language of the page they registered on) and the alert
 * to staff; the CV is named, never attached.
 */
function mailsFor(row: TeacherApplicationRow, cv: TeacherCv | null, staff: string): MailRequest[] {
  const about = `teacher-application:${row.id}`;
  return [
    {
      kind: "teacherApplicationReceived",
      to: row.email,
      about,
      data: {
        name: row.name,
        teacherApplicationId: row.id,
        cvFileName: cv?.fileName ?? null,
        language: row.language,
      },
    },
    {
      kind: "staffNewTeacherApplication",
      to: staff,
      about,
      data: {
        teacherApplicationId: row.id,
        name: row.name,
        city: row.city,
        mobile: row.mobile,
        email: row.email,
        experience: row.experience,
        message: row.message,
        cvFileName: cv?.fileName ?? null,
        cvSizeBytes: cv?.sizeBytes ?? null,
      },
    },
  ];
}

/**
 * Registrations from the Teachers page (issue 18): stored with their CV and their two mails in
 * one transaction, listed for staff newest first, moved freely among the five statuses. The CV's
 * bytes are read only for its download.
 */
export function createTeacherApplicationsService(
  db: Database,
  outbox: MailOutbox,
  history: Pick<RecordHistory, "add">,
) {
  // The record-keeping columns (consent, anonymisation, the family's language) are no part of
  // what staff lists and /api read.
  const {
    consentAt: _at,
    noticeVersion: _version,
    anonymisedAt: _anonymised,
    language: _language,
    ...answered
  } = getTableColumns(teacherApplications);
  const listed = {
    ...answered,
    cvFileName: teacherCvs.fileName,
    cvSizeBytes: teacherCvs.sizeBytes,
  };
  const withCv = (row: Omit<TeacherApplication, "hasCv">): TeacherApplication => ({
    ...row,
    hasCv: row.cvFileName !== null,
  });
  const inOrder = (order: "newest" | "oldest") =>
    db
      .select(listed)
      .from(teacherApplications)
      .leftJoin(teacherCvs, eq(teacherCvs.applicationId, teacherApplications.id))
      .orderBy(...byAge(order, teacherApplications.createdAt, teacherApplications.id));
  const staffList = recordList<TeacherApplication, TeacherApplicationStatus>({
    db,
    table: teacherApplications,
    id: teacherApplications.id,
    createdAt: teacherApplications.createdAt,
    select: (extra) =>
      db
        .select({ ...listed, ...extra })
        .from(teacherApplications)
        .leftJoin(teacherCvs, eq(teacherCvs.applicationId, teacherApplications.id))
        .$dynamic(),
    shape: withCv,
    filtered: (filter) =>
      and(
        withinDays(teacherApplications.createdAt, filter),
        matchesText(SEARCH_TEXT.teacherApplication(teacherApplications), filter.q),
      ),
    tabs: {
      values: TEACHER_APPLICATION_STATUSES,
      of: teacherApplications.status,
      where: (status) => eq(teacherApplications.status, status),
    },
  });

  async function countRows(): Promise<number> {
    const [row] = await db.select({ total: count() }).from(teacherApplications);
    return row?.total ?? 0;
  }

  async function get(id: number): Promise<TeacherApplication> {
    const [row] = await db
      .select(listed)
      .from(teacherApplications)
      .leftJoin(teacherCvs, eq(teacherCvs.applicationId, teacherApplications.id))
      .where(eq(teacherApplications.id, id));
    if (!row) throw notFound(MESSAGES.teacher.notFound);
    return withCv(row);
  }

  /** Stores the application, its CV (if any) and its two mails: all of them, or none. */
  async function create(
    input: TeacherApplicationInput,
    upload?: CvUpload,
    language: Language = "en",
  ): Promise<TeacherApplication> {
    const cv = checkedCv(upload);
    // Read before the transaction: PGlite has one connection, nothing may wait outside it.
    const mail = await outbox.prepare();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(teacherApplications)
        .values({ ...input, language, ...consentGiven(input) })
        .returning();
      if (cv) await tx.insert(teacherCvs).values({ applicationId: created!.id, ...cv });
      await mail.queue(tx, ...mailsFor(created!, cv, mail.staff));
      return created!;
    });
    return {
      ...withoutRecordKeeping(row),
      hasCv: cv !== null,
      cvFileName: cv?.fileName ?? null,
      cvSizeBytes: cv?.sizeBytes ?? null,
    };
  }

  return {
    create,

    /**
     * The page form's submission: its text fields and its CV checked together, so a teacher sees
     * every problem at once (a 400 naming each field, the CV among them), or only the CV's own
     * 413/415 when the fields are fine; then `create`.
     */
    async submit(values: unknown, upload?: CvUpload, language: Language = "en"): Promise<TeacherApplication> {
      let input: TeacherApplicationInput | undefined;
      let fieldErrors: FieldErrors | undefined;
      try {
        input = parseForm(FORMS.teacher, values);
      } catch (error) {
        if (!isAppError(error) || !error.errors) throw error;
        fieldErrors = error.errors;
      }
      let cvError: AppError | undefined;
      try {
        checkedCv(upload);
      } catch (error) {
        if (!isAppError(error)) throw error;
        cvError = error;
      }
      if (fieldErrors) {
        const errors = { ...fieldErrors, ...cvError?.errors };
        const fields = Object.keys(errors);
        throw badRequest(fields.length === 1 ? errors[fields[0]!]![0]! : MESSAGES.generic.validation, errors);
      }
      if (cvError) throw cvError;
      return create(input!, upload, language);
    },

    /** The API's list: newest first, all or `?page&limit`. */
    async list({ page, limit }: PageQuery = {}): Promise<TeacherApplication[]> {
      if (!page && !limit) return (await inOrder("newest")).map(withCv);
      const size = limit ?? 50;
      return (
        await inOrder("newest")
          .limit(size)
          .offset(((page ?? 1) - 1) * size)
      ).map(withCv);
    },

    /** The admin screen's page under its filters, with each status's count for the tabs. */
    listPage: staffList.listPage,

    /** Every application under `filter`, in its order, in batches (the CSV export). */
    exportRows: staffList.exportRows,

    count: countRows,

    /** Moves it to `status`; a change is written to its history with who made it (`actorId`). */
    async setStatus(
      id: number,
      { status }: { status: TeacherApplicationStatus },
      actorId: number | null = null,
    ): Promise<TeacherApplication> {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: teacherApplications.status })
          .from(teacherApplications)
          .where(eq(teacherApplications.id, id))
          .for("update");
        if (!before) throw notFound(MESSAGES.teacher.notFound);
        if (before.status === status) return;
        await tx.update(teacherApplications).set({ status }).where(eq(teacherApplications.id, id));
        await history.add(tx, {
          recordType: "TEACHER_APPLICATION",
          recordId: id,
          kind: "STATUS_CHANGED",
          actorId,
          fromStatus: before.status,
          toStatus: status,
        });
      });
      return get(id);
    },

    /** The CV's file for its download, or a 404 (no such application, or it came without a CV). */
    async cv(id: number): Promise<TeacherCv> {
      const [row] = await db
        .select({
          fileName: teacherCvs.fileName,
          sizeBytes: teacherCvs.sizeBytes,
          content: teacherCvs.content,
        })
        .from(teacherCvs)
        .where(eq(teacherCvs.applicationId, id));
      if (row) return row;
      await get(id);
      throw notFound(MESSAGES.teacher.noCv);
    },
  };
}
