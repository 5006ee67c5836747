import type { ReactNode } from "react";
import type { Grade } from "~/domain/grades";
import { ContactCell, WhenCell } from "./cells";
import { PossibleDuplicateBadge } from "./possible-duplicates";
import type { Column } from "./data-table";
import { PersonLinkCell } from "./record-details";
import { StatusControl } from "./status-control";

type Enquiry = {
  id: number;
  studentName: string;
  grade: Grade;
  parentName: string;
  mobile: string;
  email: string;
  status: string;
  createdAt: Date | string;
  /** An undecided possible duplicate (issue 40 point 4): a badge under the name. */
  possibleDuplicate?: boolean;
};

/**
 * What the shared columns read of an enquiry, and nothing else: a list's loader sends only these
 * (and its kind's own), not every column of the record (issue 41 point 4: the page's data is
 * rendered into it once more for the browser).
 */
export function enquiryFields({
  id,
  studentName,
  grade,
  parentName,
  mobile,
  email,
  status,
  createdAt,
}: Omit<Enquiry, "possibleDuplicate">) {
  return { id, studentName, grade, parentName, mobile, email, status, createdAt };
}

/**
 * The columns admission applications and demo requests share (spec section 3), with each one's
 * own: `studentDetail` under the student's name, `extra` columns before "Received".
 */
export function enquiryColumns<Row extends Enquiry>({
  statuses,
  statusName,
  studentDetail,
  detailsPath,
  extra = [],
}: {
  statuses: readonly Row["status"][];
  /** Accessible name of the row's status select. */
  statusName: (row: Row) => string;
  studentDetail?: (row: Row) => ReactNode;
  /** The record's own page (history and notes), linked from the student's name. */
  detailsPath: (row: Row) => string;
  extra?: Column<Row>[];
}): Column<Row>[] {
  return [
    {
      header: "Student",
      cell: (row) => (
        <PersonLinkCell
          name={row.studentName}
          detail={
            row.possibleDuplicate ? (
              <>
                {studentDetail?.(row)}
                <span className="mt-1 flex">
                  <PossibleDuplicateBadge />
                </span>
              </>
            ) : (
              studentDetail?.(row)
            )
          }
          to={detailsPath(row)}
        />
      ),
    },
    { header: "Grade", cell: (row) => row.grade, className: "whitespace-nowrap" },
    { header: "Parent", cell: (row) => row.parentName },
    { header: "Contact", cell: (row) => <ContactCell mobile={row.mobile} email={row.email} /> },
    ...extra,
    { header: "Received", cell: (row) => <WhenCell at={row.createdAt} /> },
    {
      header: "Status",
      cell: (row) => (
        <StatusControl id={row.id} status={row.status} statuses={statuses} label={statusName(row)} />
      ),
    },
  ];
}
