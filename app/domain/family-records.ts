import type { ApplicationStatus, DemoStatus, OrderStatus } from "./statuses";
import type { ACCOUNT_TEXTS } from "./texts/account";
import type { TextKey } from "./translations";

/**
 * What a parent's profile shows of each kind of record (issue 18, decision 0028), declared once:
 * the fields it reads, the section it is listed in and how one record is drawn as a card (its
 * words as keys of the account pages' texts, shown in the page's language). The
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

/** A text of the account pages (app/domain/texts/account.ts): the profile shows it in the page's language. */
type AccountKey = TextKey<(typeof ACCOUNT_TEXTS)["en"]>;

/**
 * One fact of a card: its term and its value, which is the same in every language (a number),
 * what the family wrote (shown as written), a grade, a calendar day or an amount in paise (each
 * shown in the page's language).
 */
export type FamilyFact = { term: AccountKey; wide?: boolean } & (
  { text: string | number } | { own: string } | { grade: string } | { day: When } | { paise: number }
);

/** A link under a card ("Pay now", "Receipt"), named for a screen reader with the record it is for. */
type FamilyAction = { to: string; text: AccountKey; variant: "primary" | "outline" };

export type FamilyCard = {
  key: string | number;
  student: string;
  /** The record's grade, which also names it in its actions' labels. */
  grade: string;
  status: string;
  facts: FamilyFact[];
  actions: FamilyAction[];
};

type FamilySection<Row> = {
  /** The section's id (its heading is `${id}-title`) and heading. */
  id: string;
  title: AccountKey;
  /** What the section says while there is none, and the page where one is made. */
  empty: { text: AccountKey; link: { to: string; text: AccountKey } };
  card(row: Row): FamilyCard;
};

/** A link under a record's card while it has somewhere to go. */
const linkFor = (to: string | null, text: AccountKey, variant: FamilyAction["variant"]): FamilyAction[] =>
  to ? [{ to, text, variant }] : [];

/** A record's card: the student and the status on top, then its grade, its facts and any actions. */
const cardOf = (
  row: { id: string | number; studentName: string; grade: string; status: string },
  facts: FamilyFact[],
  actions: FamilyAction[] = [],
): FamilyCard => ({
  key: row.id,
  student: row.studentName,
  grade: row.grade,
  status: row.status,
  facts: [{ term: "records.grade", grade: row.grade }, ...facts],
  actions,
});

/** The profile's sections, in the order it shows them. */
export const FAMILY_SECTIONS: { [Kind in FamilyKind]: FamilySection<FamilyRows[Kind]> } = {
  applications: {
    id: "applications",
    title: "records.applications",
    empty: {
      text: "records.applications.empty",
      link: { to: "/apply", text: "records.applications.link" },
    },
    card: (application) =>
      cardOf(application, [
        { term: "records.applications.sentOn", day: application.createdAt },
        { term: "records.applications.number", text: application.id },
      ]),
  },
  demos: {
    id: "demos",
    title: "records.demos",
    empty: { text: "records.demos.empty", link: { to: "/book-demo", text: "records.demos.link" } },
    card: (demo) =>
      cardOf(demo, [
        { term: "records.demos.bookedOn", day: demo.createdAt },
        { term: "records.demos.preferredTime", own: demo.preferredDateTime, wide: true },
      ]),
  },
  orders: {
    id: "payments",
    title: "records.orders",
    empty: { text: "records.orders.empty", link: { to: "/fee-structure", text: "records.orders.link" } },
    card: (order) =>
      cardOf(
        order,
        [
          { term: "records.orders.amount", paise: order.amount },
          {
            term: order.paidAt ? "records.orders.paidOn" : "records.orders.startedOn",
            day: order.paidAt ?? order.createdAt,
          },
        ],
        [
          ...linkFor(order.payPath, "records.orders.payNow", "primary"),
          ...linkFor(order.receiptPath, "records.orders.receipt", "outline"),
        ],
      ),
  },
};

export const FAMILY_KINDS = Object.keys(FAMILY_SECTIONS) as FamilyKind[];
