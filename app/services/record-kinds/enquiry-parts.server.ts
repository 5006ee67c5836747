import { isNull, sql } from "drizzle-orm";
import { applications, demoRequests, SEARCH_TEXT } from "../../../db/schema";
import { searchPart, type RecordStore } from "./store.server";

/** The two enquiries a parent sends for a child: an admission application and a demo request. */
type EnquiryTable = typeof applications | typeof demoRequests;

/** On the bell: the child's name and grade, new when it arrives. */
export const enquiryBell = (table: EnquiryTable): NonNullable<RecordStore["bell"]> => ({
  at: table.createdAt,
  title: table.studentName,
  detail: sql<string>`${table.grade}::text`,
});

/**
 * Found by the child's or parent's name, the e-mail address or the mobile number; a record merged
 * into another (issue 40 point 4) is found as the one it was merged into.
 */
export const enquirySearch = (table: EnquiryTable) =>
  searchPart({
    text: SEARCH_TEXT.application(table),
    listed: isNull(table.mergedIntoId),
    columns: {
      id: table.id,
      studentName: table.studentName,
      parentName: table.parentName,
      email: table.email,
      mobile: table.mobile,
      grade: table.grade,
      status: table.status,
    },
    shown: (row) => ({
      title: row.studentName,
      details: [row.grade, `Parent: ${row.parentName}`, row.email, row.mobile],
      status: row.status,
    }),
  });
