import { and, eq, isNull, lt } from "drizzle-orm";
import { applications } from "../../../db/schema";
import { enquiryBell, enquirySearch } from "./enquiry-parts.server";
import { sourceColumns } from "./source-columns.server";
import { familyFieldsErased, yearOnly } from "./erased-fields.server";
import { csvColumns, tableOf, type RecordStore } from "./store.server";
import { ageCheckSummary } from "~/domain/age-check";
import type { CheckedApplication } from "../enquiries.server";
import { contactColumns, indiaTime } from "./csv-cells.server";

/** Its personal fields replaced: by the owner's erasure, or by the retention job once rejected and old. */
const erased = { ...familyFieldsErased(applications.id), dob: yearOnly(applications.dob) };

/** Admission applications (spec section 4). */
export const applicationsStore = {
  kind: "applications",
  ...tableOf(applications),
  ownerColumns: applications,
  family: {
    columns: {
      id: applications.id,
      studentName: applications.studentName,
      grade: applications.grade,
      status: applications.status,
      createdAt: applications.createdAt,
    },
  },
  dataExport: {
    key: "applications",
    columns: {
      id: applications.id,
      studentName: applications.studentName,
      dob: applications.dob,
      grade: applications.grade,
      parentName: applications.parentName,
      mobile: applications.mobile,
      email: applications.email,
      status: applications.status,
      ageCheckFailed: applications.ageCheckFailed,
      consentAt: applications.consentAt,
      noticeVersion: applications.noticeVersion,
      whatsappUpdatesAt: applications.whatsappUpdatesAt,
      createdAt: applications.createdAt,
      ...sourceColumns(applications),
    },
  },
  erasure: { countedAs: "applications", fields: erased },
  retention: {
    due: (cutoff) =>
      and(
        eq(applications.status, "REJECTED"),
        isNull(applications.anonymisedAt),
        lt(applications.createdAt, cutoff),
      ),
    fields: erased,
    countedAs: "applications",
    note: "Rejected application anonymised (retention)",
    label: "Rejected applications",
  },
  bell: enquiryBell(applications),
  search: enquirySearch(applications),
  csv: csvColumns<CheckedApplication>([
    ["ID", (row) => row.id],
    ["Received", (row) => indiaTime(row.createdAt)],
    ["Student", (row) => row.studentName],
    ["Date of birth", (row) => row.dob],
    ["Grade", (row) => row.grade],
    ...contactColumns(),
    ["Status", (row) => row.status],
    ["Age check", (row) => (row.ageCheckFailed ? ageCheckSummary(row.ageCheck) : "")],
  ]),
} satisfies RecordStore;
