import { inArray, sql } from "drizzle-orm";
import { ERASED_MOBILE, ERASED_NAME } from "~/domain/personal-data";
import { SEARCH_TEXT, teacherApplications, teacherCvs } from "../../../db/schema";
import { erasedEmail } from "./erased-fields.server";
import { csvColumns, searchPart, tableOf, type RecordStore } from "./store.server";
import type { TeacherApplication } from "../teacher-applications.server";
import { indiaTime } from "./csv-cells.server";

/** The CV's file name, read beside the application (the file itself is never listed). */
const cvFileName = sql<
  string | null
>`(select ${teacherCvs.fileName} from ${teacherCvs} where ${teacherCvs.applicationId} = ${teacherApplications.id})`.as(
  "cv_file_name",
);

/**
 * Registrations from the Teachers page (issue 18). They carry no account: they belong to the
 * account whose proved address sent them (decision 0028).
 */
export const teacherApplicationsStore = {
  kind: "teacherApplications",
  ...tableOf(teacherApplications),
  ownerColumns: { email: teacherApplications.email },
  dataExport: {
    key: "teacherApplications",
    columns: {
      id: teacherApplications.id,
      name: teacherApplications.name,
      city: teacherApplications.city,
      mobile: teacherApplications.mobile,
      email: teacherApplications.email,
      experience: teacherApplications.experience,
      message: teacherApplications.message,
      status: teacherApplications.status,
      cvFileName,
      consentAt: teacherApplications.consentAt,
      noticeVersion: teacherApplications.noticeVersion,
      createdAt: teacherApplications.createdAt,
    },
  },
  /**
   * The privacy notice keeps them "until you ask us to erase yours": name, city, contact and
   * message go, and the CV with them; the experience band, status and dates stay for the
   * school's hiring figures.
   */
  erasure: {
    countedAs: "teacherApplications",
    fields: {
      name: ERASED_NAME,
      city: "",
      mobile: ERASED_MOBILE,
      email: erasedEmail(teacherApplications.id),
      message: "",
      anonymisedAt: sql`now()`,
    },
    async after(tx, ids) {
      await tx.delete(teacherCvs).where(inArray(teacherCvs.applicationId, ids as number[]));
    },
  },
  bell: {
    at: teacherApplications.createdAt,
    title: teacherApplications.name,
    detail: teacherApplications.city,
  },
  search: searchPart({
    text: SEARCH_TEXT.teacherApplication(teacherApplications),
    columns: {
      id: teacherApplications.id,
      name: teacherApplications.name,
      city: teacherApplications.city,
      email: teacherApplications.email,
      mobile: teacherApplications.mobile,
      status: teacherApplications.status,
    },
    shown: (row) => ({ title: row.name, details: [row.city, row.email, row.mobile], status: row.status }),
  }),
  csv: csvColumns<TeacherApplication>([
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
  ]),
} satisfies RecordStore;
