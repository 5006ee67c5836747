import {
  ACCOUNT_STATES,
  APPLICATION_STATUSES,
  DEMO_STATUSES,
  MAIL_STATUSES,
  ORDER_STATUSES,
  TEACHER_APPLICATION_STATUSES,
  type RecordType,
  type StatusTone,
} from "./statuses";
import { UPDATE_STATUSES } from "./updates";

/**
 * The kinds of record the back office manages, each declared once (issue 36): what it is called,
 * where staff find it, its statuses and their colours, how its list is filtered, how a mail about
 * it and its history name it, and how the parent's pages and the bell speak of it. Everything that
 * treats kinds alike (lists, filters, CSV names, search, the bell, mail labels, record pages, the
 * side menu) reads this table; the database side of each kind (its table, what the parent sees,
 * export, erasure, retention) is in app/services/record-kinds.server.ts, keyed by the same names.
 *
 * Plain data, no React and no database: the browser may read it (the list filters do).
 */
export type RecordKind<Status extends string = string> = {
  /** "Application": one of them, as a heading or a label starts. */
  one: string;
  /** "Applications": the admin search's group and the list's heading. */
  many: string;
  /** How the side menu names the list (spec section 2 capitalises it). */
  menu: string;
  /** The admin list; a record's own page is `${adminPath}/${id}`. */
  adminPath: string;
  /** Whether a record is known by a number ("Application 12") or by an opaque id (orders' uuids). */
  numbered: boolean;
  /** How record_events.record_type names it; null for a kind without a history. */
  recordType: RecordType | null;
  /** How a mail's `about` names it: `${mailAbout}:${id}`. */
  mailAbout: string;
  /** Every status, in the order the list's tabs show them, and the colour each is drawn in. */
  tones: Record<Status, StatusTone>;
  /** What "no such record" says (a 404 from its page and from the API). */
  notFound: string;
  /** How its admin list is filtered and exported; null for a kind whose list has its own filter. */
  list: ListOptions | null;
  /** The admin bell's section for it (what counts as new is its table's business); null: not counted. */
  bell: { heading: string; allText: string } | null;
  /** What the admin dashboard makes of it; null: it is not on the dashboard. */
  dashboard: DashboardPart | null;
};

/** The dashboard's figures that count records (the courses figure counts the catalogue). */
export type DashboardFigure = "students" | "newEnquiries";

/** How a kind shows on the admin dashboard. */
export type DashboardPart = {
  /** How its records are named in the recent activity ("Fee paid: Asha, Grade 2"). */
  activity: string;
  /** The figure its records are counted into, */
  figure: DashboardFigure;
  /** and which of its list's tabs is counted (a status, or an orders' view). */
  counts: string;
  /** The link under the figure to where those records are listed. */
  linkText: string;
};

/** What an admin list can be filtered by, and its CSV's name. */
export type ListOptions = {
  grades: boolean;
  roles: boolean;
  /** The date the range filters on, as the form names it. */
  dateLabel: string;
  /** What the free text is matched against. */
  searchHint: string;
  /** The CSV's name before its date, e.g. "applications" -> applications-2026-11-26.csv. */
  fileStem: string;
  /**
   * Whether the list has status tabs (`?status=`). Orders do not: their views (`?view=`) are
   * their tabs, and their statuses are shown, not filtered by.
   */
  statusTabs: boolean;
  /** Rows a page, where measured to differ from the admin lists' fifty (ADMIN_PAGE). */
  perPage?: number;
};

const tones = <const Status extends string>(
  statuses: readonly Status[],
  tone: Record<Status, StatusTone>,
): Record<Status, StatusTone> =>
  Object.fromEntries(statuses.map((status) => [status, tone[status]])) as never;

/**
 * Rows a page of the enquiry lists (applications, demo requests). Each row carries a status form:
 * rendering fifty of them was most of what /admin/applications cost; the size is chosen by
 * measuring the page's render floor against rows a page (docs/performance.md, issue 41 point 4).
 */
export const ENQUIRY_ROWS_PER_PAGE = 25;

const ENQUIRY_LIST = {
  grades: true,
  roles: false,
  dateLabel: "Received",
  searchHint: "Student, parent, e-mail or mobile",
  statusTabs: true,
  perPage: ENQUIRY_ROWS_PER_PAGE,
} as const;

/** An enquiry's first two statuses, the same in both kinds: nobody has acted on it, then somebody has. */
const OPEN_ENQUIRY = { PENDING: "yellow", CONTACTED: "blue" } as const;

/** A family enquiry on the dashboard: counted as a new enquiry while nobody has acted on it. */
const enquiryOnDashboard = (activity: string, linkText: string): DashboardPart => ({
  activity,
  figure: "newEnquiries",
  counts: "PENDING",
  linkText,
});

export const RECORD_KINDS = {
  applications: {
    one: "Application",
    many: "Applications",
    menu: "Applications",
    adminPath: "/admin/applications",
    numbered: true,
    recordType: "APPLICATION",
    mailAbout: "application",
    tones: tones(APPLICATION_STATUSES, { ...OPEN_ENQUIRY, APPROVED: "green", REJECTED: "red" }),
    notFound: "Application not found.",
    list: { ...ENQUIRY_LIST, fileStem: "applications" },
    bell: { heading: "Admission applications", allText: "All applications" },
    dashboard: enquiryOnDashboard("Admission application", "Applications"),
  },
  demos: {
    one: "Demo request",
    many: "Demo requests",
    menu: "Demo Requests",
    adminPath: "/admin/demos",
    numbered: true,
    recordType: "DEMO_REQUEST",
    mailAbout: "demo",
    tones: tones(DEMO_STATUSES, { ...OPEN_ENQUIRY, COMPLETED: "green", CANCELLED: "red" }),
    notFound: "Demo request not found.",
    list: { ...ENQUIRY_LIST, fileStem: "demo-requests" },
    bell: { heading: "Free demo requests", allText: "All demo requests" },
    dashboard: enquiryOnDashboard("Free demo request", "Demo requests"),
  },
  teacherApplications: {
    one: "Teacher application",
    many: "Teacher applications",
    menu: "Teacher Applications",
    adminPath: "/admin/teacher-applications",
    numbered: true,
    recordType: "TEACHER_APPLICATION",
    mailAbout: "teacher-application",
    tones: tones(TEACHER_APPLICATION_STATUSES, {
      NEW: "yellow",
      SHORTLISTED: "blue",
      INTERVIEW: "blue",
      HIRED: "green",
      REJECTED: "red",
    }),
    notFound: "Teacher application not found.",
    list: {
      grades: false,
      roles: false,
      dateLabel: "Received",
      searchHint: "Name, city, e-mail or mobile",
      fileStem: "teacher-applications",
      statusTabs: true,
    },
    bell: { heading: "Teacher applications", allText: "All teacher applications" },
    dashboard: null,
  },
  orders: {
    one: "Order",
    many: "Orders",
    menu: "Orders",
    adminPath: "/admin/orders",
    numbered: false,
    recordType: "ORDER",
    mailAbout: "order",
    tones: tones(ORDER_STATUSES, {
      CREATED: "yellow",
      PAID: "green",
      FAILED: "red",
      PARTIALLY_REFUNDED: "blue",
      REFUNDED: "blue",
    }),
    notFound: "Order not found.",
    list: {
      grades: true,
      roles: false,
      dateLabel: "Created",
      searchHint: "Student, parent, e-mail, mobile or an order or payment id",
      fileStem: "orders",
      statusTabs: false,
    },
    bell: { heading: "Paid orders", allText: "All orders" },
    dashboard: { activity: "Fee paid", figure: "students", counts: "paid", linkText: "Paid orders" },
  },
  users: {
    one: "User account",
    many: "Users",
    menu: "Users",
    adminPath: "/admin/users",
    numbered: true,
    recordType: "USER",
    mailAbout: "user",
    tones: tones(ACCOUNT_STATES, { ACTIVE: "green", DISABLED: "red" }),
    notFound: "User not found.",
    list: {
      grades: false,
      roles: true,
      dateLabel: "Registered",
      searchHint: "Name or e-mail",
      fileStem: "users",
      statusTabs: true,
    },
    bell: null,
    dashboard: null,
  },
  mails: {
    one: "Mail",
    many: "Mail",
    menu: "Mail",
    adminPath: "/admin/mail",
    numbered: true,
    recordType: null,
    mailAbout: "mail",
    tones: tones(MAIL_STATUSES, { QUEUED: "yellow", SENDING: "blue", SENT: "green", FAILED: "red" }),
    notFound: "Mail not found.",
    list: null,
    bell: null,
    dashboard: null,
  },
  /**
   * The WhatsApp and SMS updates to families (issue 39): like mails, the site's own messages, with
   * their own filters (status and channel). UNCERTAIN is yellow: a person must decide on it.
   */
  messages: {
    one: "Message",
    many: "Messages",
    menu: "Messages",
    adminPath: "/admin/messages",
    numbered: true,
    recordType: null,
    mailAbout: "message",
    tones: tones(UPDATE_STATUSES, {
      QUEUED: "yellow",
      SENDING: "blue",
      SENT: "green",
      DELIVERED: "green",
      READ: "green",
      FAILED: "red",
      UNCERTAIN: "yellow",
    }),
    notFound: "Message not found.",
    list: null,
    bell: null,
    dashboard: null,
  },
} as const satisfies Record<string, RecordKind>;

export type RecordKindName = keyof typeof RECORD_KINDS;
export const RECORD_KIND_NAMES = Object.keys(RECORD_KINDS) as RecordKindName[];

/** The statuses of one kind, in their order. */
export type StatusOfKind<Kind extends RecordKindName> = keyof (typeof RECORD_KINDS)[Kind]["tones"] & string;
export function statusesOf<Kind extends RecordKindName>(kind: Kind): readonly StatusOfKind<Kind>[] {
  return Object.keys(RECORD_KINDS[kind].tones) as StatusOfKind<Kind>[];
}

/** The kinds the admin bell counts, in the order its page shows them. */
export const BELL_KINDS = RECORD_KIND_NAMES.filter(
  (kind): kind is BellKind => RECORD_KINDS[kind].bell !== null,
);
export type BellKind = {
  [Kind in RecordKindName]: (typeof RECORD_KINDS)[Kind]["bell"] extends null ? never : Kind;
}[RecordKindName];

/** The kinds on the admin dashboard, in the registry's order. */
export const DASHBOARD_KINDS = RECORD_KIND_NAMES.filter(
  (kind): kind is DashboardKind => RECORD_KINDS[kind].dashboard !== null,
);
export type DashboardKind = {
  [Kind in RecordKindName]: (typeof RECORD_KINDS)[Kind]["dashboard"] extends null ? never : Kind;
}[RecordKindName];

/** The kinds counted into one of the dashboard's figures. */
export const kindsCountedIn = (figure: DashboardFigure) =>
  DASHBOARD_KINDS.filter((kind) => RECORD_KINDS[kind].dashboard.figure === figure);

/** A record's own staff page. */
export const recordPath = (kind: RecordKindName, id: string | number) =>
  `${RECORD_KINDS[kind].adminPath}/${id}`;

/** The kind a mail's `about` ("application:12") names, with the id; null for anything else. */
export function mailSubject(about: string): { kind: RecordKindName; id: string } | null {
  const cut = about.indexOf(":");
  if (cut < 0) return null;
  const prefix = about.slice(0, cut);
  const kind = RECORD_KIND_NAMES.find((name) => RECORD_KINDS[name].mailAbout === prefix);
  return kind ? { kind, id: about.slice(cut + 1) } : null;
}

/** What a mail about this record carries in its `about` column. */
export const mailAbout = (kind: RecordKindName, id: string | number) =>
  `${RECORD_KINDS[kind].mailAbout}:${id}`;

/** The kind whose history record_events names `recordType`. */
export function kindOfRecordType(recordType: RecordType): RecordKindName {
  return RECORD_KIND_NAMES.find((name) => RECORD_KINDS[name].recordType === recordType)!;
}

/**
 * The colour of every status of every kind, by status name (badges are given the status alone).
 * A status two kinds share has one colour in both: tests/unit/record-kinds.test.ts holds them to it.
 */
export const STATUS_TONE: Readonly<Record<string, StatusTone>> = Object.assign(
  {},
  ...RECORD_KIND_NAMES.map((kind) => RECORD_KINDS[kind].tones),
) as Record<string, StatusTone>;
