import { and, inArray, isNull, lt } from "drizzle-orm";
import { FINISHED_DEMO_STATUSES } from "~/domain/personal-data";
import { demoRequests } from "../../../db/schema";
import { enquiryBell, enquirySearch } from "./enquiry-parts.server";
import { sourceColumns } from "./source-columns.server";
import { familyFieldsErased } from "./erased-fields.server";
import { csvColumns, tableOf, type RecordStore } from "./store.server";
import type { DemoRequest } from "../enquiries.server";
import { contactColumns, indiaTime } from "./csv-cells.server";

const erased = familyFieldsErased(demoRequests.id);

/** Requests for a free demo class (spec section 4). */
export const demosStore = {
  kind: "demos",
  ...tableOf(demoRequests),
  ownerColumns: demoRequests,
  family: {
    columns: {
      id: demoRequests.id,
      studentName: demoRequests.studentName,
      grade: demoRequests.grade,
      preferredDateTime: demoRequests.preferredDateTime,
      status: demoRequests.status,
      createdAt: demoRequests.createdAt,
    },
  },
  dataExport: {
    key: "demoRequests",
    columns: {
      id: demoRequests.id,
      parentName: demoRequests.parentName,
      studentName: demoRequests.studentName,
      grade: demoRequests.grade,
      mobile: demoRequests.mobile,
      email: demoRequests.email,
      preferredDateTime: demoRequests.preferredDateTime,
      status: demoRequests.status,
      consentAt: demoRequests.consentAt,
      noticeVersion: demoRequests.noticeVersion,
      whatsappUpdatesAt: demoRequests.whatsappUpdatesAt,
      createdAt: demoRequests.createdAt,
      ...sourceColumns(demoRequests),
    },
  },
  erasure: { countedAs: "demoRequests", fields: erased },
  retention: {
    due: (cutoff) =>
      and(
        inArray(demoRequests.status, [...FINISHED_DEMO_STATUSES]),
        isNull(demoRequests.anonymisedAt),
        lt(demoRequests.createdAt, cutoff),
      ),
    fields: erased,
    countedAs: "demoRequests",
    note: "Finished demo request anonymised (retention)",
    label: "Cancelled or completed demo requests",
  },
  bell: enquiryBell(demoRequests),
  search: enquirySearch(demoRequests),
  csv: csvColumns<DemoRequest>([
    ["ID", (row) => row.id],
    ["Received", (row) => indiaTime(row.createdAt)],
    ["Student", (row) => row.studentName],
    ["Grade", (row) => row.grade],
    ...contactColumns(),
    ["Preferred time", (row) => row.preferredDateTime],
    ["Status", (row) => row.status],
  ]),
} satisfies RecordStore;
