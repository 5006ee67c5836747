import type { ApplicationStatus, DemoStatus, OrderStatus } from "./statuses";

/**
 * What a parent's profile shows of each kind of record (issue 18, decision 0028), declared once:
 * the fields it reads, the section it is listed in and how one record is drawn as a card. The
 * profile's service reads each kind's fields (app/services/record-kinds/), the page draws every
 * section from FAMILY_SECTIONS: a new kind a family should see is one entry here and its store's
 * `family` columns.
 */

/** Dates arrive as Date from the service and as ISO text once the loader's data is serialised. */
type When = Date | string;

type FamilyApplication = {
  id: number;
  studentName: string;
  grade: string;
  status: ApplicationStatus;
  createdAt: When;
};

type FamilyDemo = {
  id: number;
  studentName: string;
  grade: string;
  preferredDateTime: string;
  status: DemoStatus;
  createdAt: When;
};

type FamilyOrder = {
  id: string;
  studentName: string;
  grade: string;
  /** Paise. */
  amount: number;
  status: OrderStatus;
  createdAt: When;
  paidAt: When | null;
  /** The order's page while it can be paid (CREATED, FAILED), else null. */
  payPath: string | null;
  /** The printable receipt once paid (also after a refund), else null. */
  receiptPath: string | null;
};

/** The most of each kind the profile lists, newest first; it says when there are more. */
export const FAMILY_RECORDS_SHOWN = 50;

/** Up to FAMILY_RECORDS_SHOWN rows of one kind, and whether older ones were left out. */
export type Listed<Row> = { rows: Row[]; more: boolean };

/** The record kinds a family sees, with the row each is read as. */
export type FamilyRows = { applications: FamilyApplication; demos: FamilyDemo; orders: FamilyOrder };
export type FamilyKind = keyof FamilyRows;

export type FamilyRecords = {
  /** The account's address, and whether its owner has proved it (the link mailed at registration). */
  email: string;
  verified: boolean;
} & { [Kind in FamilyKind]: Listed<FamilyRows[Kind]> };

/** One fact of a card: a term and its value, a calendar day, or an amount in paise. */
export type FamilyFact = { term: string; wide?: boolean } & (
  { text: string | number } | { day: When } | { paise: number }
);

/** A link under a card ("Pay now", "Receipt"), named for a screen reader with the record it is for. */
type FamilyAction = { to: string; text: string; label: string; variant: "primary" | "outline" };

export type FamilyCard = {
  key: string | number;
  student: string;
  status: string;
  facts: FamilyFact[];
  actions: FamilyAction[];
};

type FamilySection<Row> = {
  /** The section's id (its heading is `${id}-title`) and heading. */
  id: string;
  title: string;
  /** What the section says while there is none, and the page where one is made. */
  empty: { text: string; link: { to: string; text: string } };
  card(row: Row): FamilyCard;
};

const forRecord = (row: { studentName: string; grade: string }) => `${row.studentName}, ${row.grade}`;

/** A link under a record's card while it has somewhere to go, named for the record it is for. */
const linkFor = (
  row: { studentName: string; grade: string },
  to: string | null,
  text: string,
  variant: FamilyAction["variant"],
): FamilyAction[] => (to ? [{ to, text, label: `${text}: ${forRecord(row)}`, variant }] : []);

/** A record's card: the student and the status on top, then its facts and any actions. */
const cardOf = (
  row: { id: string | number; studentName: string; status: string },
  facts: FamilyFact[],
  actions: FamilyAction[] = [],
): FamilyCard => ({ key: row.id, student: row.studentName, status: row.status, facts, actions });

/** The profile's sections, in the order it shows them. */
export const FAMILY_SECTIONS: { [Kind in FamilyKind]: FamilySection<FamilyRows[Kind]> } = {
  applications: {
    id: "applications",
    title: "Admission applications",
    empty: { text: "No applications yet.", link: { to: "/apply", text: "Apply for admission" } },
    card: (application) =>
      cardOf(application, [
        { term: "Grade", text: application.grade },
        { term: "Sent on", day: application.createdAt },
        { term: "Application no.", text: application.id },
      ]),
  },
  demos: {
    id: "demos",
    title: "Demo classes",
    empty: {
      text: "No demo classes booked yet.",
      link: { to: "/book-demo", text: "Book a free demo class" },
    },
    card: (demo) =>
      cardOf(demo, [
        { term: "Grade", text: demo.grade },
        { term: "Booked on", day: demo.createdAt },
        { term: "Preferred time", text: demo.preferredDateTime, wide: true },
      ]),
  },
  orders: {
    id: "payments",
    title: "Fee payments",
    empty: { text: "No fee payments yet.", link: { to: "/fee-structure", text: "See the fee structure" } },
    card: (order) =>
      cardOf(
        order,
        [
          { term: "Grade", text: order.grade },
          { term: "Amount", paise: order.amount },
          { term: order.paidAt ? "Paid on" : "Started on", day: order.paidAt ?? order.createdAt },
        ],
        [
          ...linkFor(order, order.payPath, "Pay now", "primary"),
          ...linkFor(order, order.receiptPath, "Receipt", "outline"),
        ],
      ),
  },
};

export const FAMILY_KINDS = Object.keys(FAMILY_SECTIONS) as FamilyKind[];
