import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  type AnyPgColumn,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { DEFAULT_FEE_RUPEES, GRADES } from "../app/domain/grades";
import { LANGUAGES } from "../app/domain/languages";
import { LIMITS } from "../app/domain/limits";
import { DEFAULT_SEATS, MAX_SEATS } from "../app/domain/seats";
import {
  APPLICATION_STATUSES,
  DEMO_STATUSES,
  MAIL_STATUSES,
  OFFER_STATUSES,
  ORDER_STATUSES,
  RECORD_EVENT_KINDS,
  RECORD_TYPES,
  ROLES,
  TEACHER_APPLICATION_STATUSES,
  WAITLIST_STATUSES,
} from "../app/domain/statuses";
import { UPDATE_CHANNELS, UPDATE_STATUSES } from "../app/domain/updates";
import { SOURCE_LIMITS } from "../app/domain/enquiry-sources";
import { FOLLOW_UP_NOTE_MAX } from "../app/domain/follow-ups";

export const roleEnum = pgEnum("role", ROLES);
export const gradeEnum = pgEnum("grade", GRADES);
export const applicationStatusEnum = pgEnum("application_status", APPLICATION_STATUSES);
export const demoStatusEnum = pgEnum("demo_status", DEMO_STATUSES);
export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);
export const mailStatusEnum = pgEnum("mail_status", MAIL_STATUSES);
export const teacherApplicationStatusEnum = pgEnum(
  "teacher_application_status",
  TEACHER_APPLICATION_STATUSES,
);
export const recordTypeEnum = pgEnum("record_type", RECORD_TYPES);
export const languageEnum = pgEnum("language", LANGUAGES);
export const recordEventKindEnum = pgEnum("record_event_kind", RECORD_EVENT_KINDS);
export const offerStatusEnum = pgEnum("offer_status", OFFER_STATUSES);
export const waitlistStatusEnum = pgEnum("waitlist_status", WAITLIST_STATUSES);
export const updateChannelEnum = pgEnum("update_channel", UPDATE_CHANNELS);
export const updateStatusEnum = pgEnum("update_status", UPDATE_STATUSES);

/** Raw bytes (PostgreSQL bytea), for files kept in the database rather than on one instance's disk. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * The text the admin search (issue 19) matches for each kind of record: lower-cased names,
 * addresses, ids and titles, with a mobile number as its digits alone so "+91 98765-43210" and
 * "9876543210" meet. Each is trigram-indexed (pg_trgm, GIN) below, and the search service queries
 * these same expressions, which is what lets PostgreSQL use the index for `LIKE '%…%'`.
 */
const digitsOf = (column: AnyPgColumn) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;
export const SEARCH_TEXT = {
  application: (t: {
    studentName: AnyPgColumn;
    parentName: AnyPgColumn;
    email: AnyPgColumn;
    mobile: AnyPgColumn;
  }) =>
    sql`lower(${t.studentName} || ' ' || ${t.parentName} || ' ' || ${t.email} || ' ' || ${digitsOf(t.mobile)})`,
  order: (t: {
    id: AnyPgColumn;
    studentName: AnyPgColumn;
    parentName: AnyPgColumn;
    email: AnyPgColumn;
    mobile: AnyPgColumn;
    transactionId: AnyPgColumn;
    gatewayOrderId: AnyPgColumn;
  }) =>
    sql`lower(${t.id}::text || ' ' || ${t.studentName} || ' ' || ${t.parentName} || ' ' || ${t.email} || ' ' || ${digitsOf(t.mobile)} || ' ' || coalesce(${t.transactionId}, '') || ' ' || coalesce(${t.gatewayOrderId}, ''))`,
  user: (t: { name: AnyPgColumn; email: AnyPgColumn }) => sql`lower(${t.name} || ' ' || ${t.email})`,
  teacherApplication: (t: {
    name: AnyPgColumn;
    city: AnyPgColumn;
    email: AnyPgColumn;
    mobile: AnyPgColumn;
  }) => sql`lower(${t.name} || ' ' || ${t.city} || ' ' || ${t.email} || ' ' || ${digitsOf(t.mobile)})`,
  title: (t: { title: AnyPgColumn }) => sql`lower(${t.title})`,
};
/** A GIN trigram index over one of SEARCH_TEXT's expressions. */
const searchIndex = (name: string, text: SQL) => index(name).using("gin", sql`${text} gin_trgm_ops`);

/**
 * A post's or course's own Hindi (issue 37), which its /hi pages show instead of the English when
 * staff wrote it: optional, with the English columns' bounds; null, the /hi pages show the English.
 */
const hindiVersion = () => ({
  titleHi: varchar("title_hi", { length: LIMITS.title }),
  descriptionHi: text("description_hi"),
});

/** A Hindi title without its text (or the reverse) would be half a translation: both or neither. */
const hindiBothOrNeither = (name: string, table: { titleHi: AnyPgColumn; descriptionHi: AnyPgColumn }) =>
  check(name, sql`(${table.titleHi} is null) = (${table.descriptionHi} is null)`);

/**
 * The consent a parent (or teacher) gave with a record (issue 20): when, and which version of the
 * privacy notice they were shown. Null on records sent before consent was asked.
 */
const consentColumns = () => ({
  consentAt: timestamp("consent_at", { withTimezone: true }),
  noticeVersion: varchar("notice_version", { length: 20 }),
});

/**
 * "Send me updates on WhatsApp" (issue 39): when the family ticked it on the form (or on their
 * profile), separate from the privacy consent; null, no WhatsApp message goes to the number.
 */
const whatsappChoice = () => ({
  whatsappUpdatesAt: timestamp("whatsapp_updates_at", { withTimezone: true }),
});

/**
 * Where the enquiry came from (issue 40 point 1, app/domain/enquiry-sources.ts): the landing
 * address's campaign values, the referring site's host, and "How did you hear about us?" (one of
 * HEARD_ABOUT, and the family's words for "Other"). All null: nothing known (records from before).
 */
const enquirySource = () => ({
  utmSource: varchar("utm_source", { length: SOURCE_LIMITS.utm }),
  utmMedium: varchar("utm_medium", { length: SOURCE_LIMITS.utm }),
  utmCampaign: varchar("utm_campaign", { length: SOURCE_LIMITS.utm }),
  referrerHost: varchar("referrer_host", { length: SOURCE_LIMITS.referrerHost }),
  heardAbout: varchar("heard_about", { length: 20 }),
  heardAboutOther: varchar("heard_about_other", { length: SOURCE_LIMITS.heardAboutOther }),
});

/**
 * What staff did with an enquiry that the insights count (issue 40): when its status first left
 * PENDING (the first contact; kept, not read back from the history, so a year's funnel is one
 * scan), and the record it was merged into by staff (issue 40 point 4; a merged record is
 * counted and listed no more, its history moved to the one kept).
 */
const enquiryHandling = () => ({
  firstContactedAt: timestamp("first_contacted_at", { withTimezone: true }),
  mergedIntoId: integer("merged_into_id"),
});

/**
 * The language the family used (issue 37): the language of the page the record was sent from, or
 * of the page the account was registered on. Every later mail about it is written in it.
 */
const language = () => languageEnum("language").notNull().default("en");

/**
 * When the record's personal fields were replaced (retention job or the owner's erasure); what is
 * left is what the school must keep (grade, status, amounts, dates, ids).
 */
const anonymisedAt = () => timestamp("anonymised_at", { withTimezone: true });

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    language: language(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    /** The parent's own choice on /profile; the records' choices stay as each form gave it. */
    ...whatsappChoice(),
    passwordHash: text("password_hash").notNull(),
    role: roleEnum("role").notNull().default("USER"),
    /**
     * Tokens carry the value they were issued under; a password change or reset raises it, which
     * ends every session of the account at once (a logout ends one, through revoked_tokens).
     */
    sessionVersion: integer("session_version").notNull().default(0),
    /**
     * When the owner followed the verification link sent at registration. Until then records
     * sent under the address while signed out are not shown on the profile page (issue 18).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * When staff disabled the account (issue 19): it cannot sign in, and its sessions ended then
     * (session_version was raised in the same statement). Null while it may be used.
     */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /**
     * When this admin last opened the notifications (issue 19): the bell counts what arrived
     * after it. Null: never looked, so everything counts.
     */
    notificationsSeenAt: timestamp("notifications_seen_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One account per address whatever its letter case.
    uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`),
    // Every "newest first" index is DESC NULLS FIRST, the order `ORDER BY … DESC` means (and, read
    // backwards, `ASC`): drizzle's `.desc()` alone writes NULLS LAST, which no query asks for, so
    // PostgreSQL sorted the whole table for each newest-first page or export batch (61 ms for
    // 1,000 of 100,000 applications, against about 1 ms read from the index).
    index("users_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    searchIndex("users_search_idx", SEARCH_TEXT.user(table)),
  ],
);

/**
 * Sessions ended by a logout before their token expired: the token's id (`jti`) is refused from
 * then on. A row is useless once the token has expired anyway, and is pruned.
 */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    jti: uuid("jti").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("revoked_tokens_expires_at_idx").on(table.expiresAt)],
);

export const applications = pgTable(
  "applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    language: language(),
    studentName: varchar("student_name", { length: LIMITS.name }).notNull(),
    dob: date("dob", { mode: "string" }).notNull(),
    grade: gradeEnum("grade").notNull(),
    parentName: varchar("parent_name", { length: LIMITS.name }).notNull(),
    mobile: varchar("mobile", { length: 13 }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    status: applicationStatusEnum("status").notNull().default("PENDING"),
    /** The grade did not fit the child's age on the academic year's start (app/domain/age-check.ts). */
    ageCheckFailed: boolean("age_check_failed").notNull().default(false),
    /** The account that was signed in when it was sent, if any (the parent's profile shows it). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...consentColumns(),
    ...whatsappChoice(),
    ...enquirySource(),
    ...enquiryHandling(),
    anonymisedAt: anonymisedAt(),
    createdAt: createdAt(),
  },
  (table) => [
    // The duplicate check's three rules (issue 40 point 4), each one index probe.
    // Each ends in the id: a rule's five newest matches are read from the index's end, never all of them.
    index("applications_mobile_idx").on(table.mobile, table.id),
    index("applications_child_idx").on(sql`lower(${table.studentName})`, table.dob, table.id),
    index("applications_created_at_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("applications_status_idx").on(table.status),
    index("applications_user_id_idx").on(table.userId),
    index("applications_email_lower_idx").on(sql`lower(${table.email})`, table.id),
    searchIndex("applications_search_idx", SEARCH_TEXT.application(table)),
  ],
);

export const demoRequests = pgTable(
  "demo_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    language: language(),
    parentName: varchar("parent_name", { length: LIMITS.name }).notNull(),
    studentName: varchar("student_name", { length: LIMITS.name }).notNull(),
    grade: gradeEnum("grade").notNull(),
    mobile: varchar("mobile", { length: 13 }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    preferredDateTime: varchar("preferred_date_time", { length: LIMITS.preferredDateTime }).notNull(),
    status: demoStatusEnum("status").notNull().default("PENDING"),
    /** The account that was signed in when it was sent, if any (the parent's profile shows it). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...consentColumns(),
    ...whatsappChoice(),
    ...enquirySource(),
    ...enquiryHandling(),
    anonymisedAt: anonymisedAt(),
    createdAt: createdAt(),
  },
  (table) => [
    index("demo_requests_mobile_idx").on(table.mobile, table.id),
    index("demo_requests_created_at_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("demo_requests_status_idx").on(table.status),
    index("demo_requests_user_id_idx").on(table.userId),
    index("demo_requests_email_lower_idx").on(sql`lower(${table.email})`, table.id),
    searchIndex("demo_requests_search_idx", SEARCH_TEXT.application(table)),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: LIMITS.title }).notNull(),
    category: varchar("category", { length: LIMITS.category }).notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    /** The image's description for screen readers (its alt); null: the title stands in until edited. */
    imageAlt: varchar("image_alt", { length: LIMITS.imageAlt }),
    ...hindiVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("blog_posts_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    searchIndex("blog_posts_search_idx", SEARCH_TEXT.title(table)),
    hindiBothOrNeither("blog_posts_hindi_both_or_neither", table),
  ],
);

export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: LIMITS.title }).notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url").notNull(),
    /** The image's description for screen readers (its alt); null: the title stands in until edited. */
    imageAlt: varchar("image_alt", { length: LIMITS.imageAlt }),
    ...hindiVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("courses_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    searchIndex("courses_search_idx", SEARCH_TEXT.title(table)),
    hindiBothOrNeither("courses_hindi_both_or_neither", table),
  ],
);

export const courseLikes = pgTable(
  "course_likes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.courseId] }),
    index("course_likes_course_id_idx").on(table.courseId),
  ],
);

/** The school's contact details: a single row, id fixed at 1. */
export const companyDetails = pgTable(
  "company_details",
  {
    id: smallint("id").primaryKey().default(1),
    address: text("address").notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    phone: varchar("phone", { length: LIMITS.phone }).notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check("company_details_single_row", sql`${table.id} = 1`)],
);

/** Reference data: the fee of each grade, in whole rupees per year. */
export const grades = pgTable(
  "grades",
  {
    name: gradeEnum("name").primaryKey(),
    position: smallint("position").notNull().unique(),
    fee: integer("fee").notNull().default(DEFAULT_FEE_RUPEES),
    /** Every seat of the grade in the admission session (issue 38), the reserved ones included. */
    seats: integer("seats").notNull().default(DEFAULT_SEATS),
    /** Kept for admissions under the RTE Act, section 12(1)(c): never open to other families. */
    reservedSeats: integer("reserved_seats").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("grades_fee_positive", sql`${table.fee} > 0`),
    check("grades_seats_range", sql`${table.seats} between 0 and ${sql.raw(String(MAX_SEATS))}`),
    check("grades_reserved_seats_range", sql`${table.reservedSeats} between 0 and ${table.seats}`),
  ],
);

/**
 * A seat offered to an admission application (issue 38, decision 0051): while OFFERED it holds one
 * of its grade's open seats until `expires_at`; paid in time it becomes ACCEPTED (its order, linked
 * by orders.offer_id, then holds the seat for good). An application has one open offer at most.
 */
export const offers = pgTable(
  "offers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => applications.id),
    /** The application's grade when the seat was offered: the seat is this grade's. */
    grade: gradeEnum("grade").notNull(),
    status: offerStatusEnum("status").notNull().default("OFFERED"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The staff account that made it; null: the site (the waitlist's promotion) or an account since gone. */
    offeredBy: integer("offered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When it left OFFERED. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** When the family was reminded that it lapses soon (issue 39): once, by the offer job. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("offers_one_open_per_application_idx")
      .on(table.applicationId)
      .where(sql`${table.status} = 'OFFERED'`),
    index("offers_application_id_idx").on(table.applicationId),
    // The seats summary counts open offers per grade; the expiry job finds the lapsed ones.
    index("offers_open_grade_idx")
      .on(table.grade)
      .where(sql`${table.status} = 'OFFERED'`),
    index("offers_open_expires_at_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'OFFERED'`),
    index("offers_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/**
 * An application's place on its grade's waitlist (issue 38): one row per application, its
 * position the count of WAITING rows of the grade joined before it (so positions never skip or
 * repeat). Put on it again after leaving, the row is WAITING again with a new `joined_at`.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer("application_id")
      .notNull()
      .unique()
      .references(() => applications.id),
    grade: gradeEnum("grade").notNull(),
    status: waitlistStatusEnum("status").notNull().default("WAITING"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    leftAt: timestamp("left_at", { withTimezone: true }),
  },
  (table) => [
    index("waitlist_entries_waiting_idx")
      .on(table.grade, table.joinedAt, table.id)
      .where(sql`${table.status} = 'WAITING'`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    // Random, so an order's id reveals nothing and cannot be guessed from another.
    id: uuid("id").primaryKey().defaultRandom(),
    language: language(),
    studentName: varchar("student_name", { length: LIMITS.name }).notNull(),
    parentName: varchar("parent_name", { length: LIMITS.name }).notNull(),
    grade: gradeEnum("grade").notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    mobile: varchar("mobile", { length: 13 }).notNull(),
    /** Paise (rupees x 100). */
    amount: integer("amount").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("INR"),
    status: orderStatusEnum("status").notNull().default("CREATED"),
    transactionId: varchar("transaction_id", { length: 100 }).unique(),
    gateway: varchar("gateway", { length: 40 }).notNull(),
    gatewayOrderId: varchar("gateway_order_id", { length: 100 }),
    gatewayPaymentId: varchar("gateway_payment_id", { length: 100 }),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /**
     * The secret part of the parent's links to this order (checkout page, receipt): 244 random
     * bits, unrelated to the id, which staff, API clients and mails see.
     */
    linkToken: varchar("link_token", { length: 64 })
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** Paise given back so far (refunds processed). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** When the reconciliation last asked the gateway about this unpaid order. */
    reconciledAt: timestamp("reconciled_at", { withTimezone: true }),
    /** The account that was signed in when it was sent, if any (the parent's profile shows it). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The seat offer this order pays for ("Accept and pay"); null: an enrollment from the fee page. */
    offerId: integer("offer_id").references(() => offers.id),
    /**
     * Until when an unpaid enrollment without an offer holds a seat of its grade (taken with the
     * order, in its transaction: issue 38 point 6); the checkout page takes it again while one is
     * free. Null: no seat held (orders from before the seats).
     */
    seatHeldUntil: timestamp("seat_held_until", { withTimezone: true }),
    ...consentColumns(),
    ...whatsappChoice(),
    ...enquirySource(),
    anonymisedAt: anonymisedAt(),
  },
  (table) => [
    // "Accept and pay" twice pays the same order.
    uniqueIndex("orders_offer_id_idx").on(table.offerId),
    // The seats summary counts the seats unpaid enrollments hold, per grade.
    index("orders_seat_held_idx")
      .on(table.grade, table.seatHeldUntil)
      .where(sql`${table.seatHeldUntil} is not null and ${table.offerId} is null`),
    // The seats summary counts each grade's paid enrollments (issue 38 point 9): without it every
    // grade's count read the whole orders table (4 ms a grade at 10,000 orders on PGlite). Not a
    // partial index on the paid statuses: a fresh database's migrations run in one transaction,
    // where PostgreSQL refuses an enum value added earlier in it.
    index("orders_grade_status_idx").on(table.grade, table.status),
    check("orders_amount_positive", sql`${table.amount} > 0`),
    check("orders_refund_within_amount", sql`${table.refundedAmount} between 0 and ${table.amount}`),
    index("orders_status_created_at_idx").on(table.status, table.createdAt.desc().nullsFirst()),
    uniqueIndex("orders_gateway_order_id_idx").on(table.gatewayOrderId),
    index("orders_user_id_idx").on(table.userId),
    index("orders_email_lower_idx").on(sql`lower(${table.email})`),
    searchIndex("orders_search_idx", SEARCH_TEXT.order(table)),
    // The admin bell counts orders paid since an admin last looked (issue 19): only paid ones.
    index("orders_paid_at_idx")
      .on(table.paidAt.desc().nullsFirst())
      .where(sql`${table.paidAt} is not null`),
  ],
);

/**
 * What the payment gateway told us about an order, kept as it came: each callback, webhook,
 * reconciliation and refund answer. A webhook's event id is unique here, so a replayed webhook
 * is recognised and changes nothing (it is stored in the same transaction as its effect).
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    /** callback, webhook, reconcile or admin. */
    source: varchar("source", { length: 20 }).notNull(),
    /** Razorpay's x-razorpay-event-id (webhooks only). */
    eventId: varchar("event_id", { length: 100 }).unique(),
    /** e.g. payment.captured, payment.failed, refund.processed. */
    type: varchar("type", { length: 60 }).notNull(),
    gatewayPaymentId: varchar("gateway_payment_id", { length: 100 }),
    detail: jsonb("detail"),
    createdAt: createdAt(),
  },
  (table) => [index("payment_events_order_id_idx").on(table.orderId, table.createdAt)],
);

/**
 * Money given back on a paid order. The row is written before the gateway is asked (status
 * REQUESTED), with the form's one-time key, so a double submit cannot refund twice and a refund
 * whose answer was lost is completed by its refund.processed webhook.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The refund form's one-time key; sent to Razorpay as the refund's receipt. */
    requestKey: varchar("request_key", { length: 40 }).notNull().unique(),
    gatewayRefundId: varchar("gateway_refund_id", { length: 100 }).unique(),
    /** Paise. */
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    /** REQUESTED (asked, no answer yet), PROCESSED, FAILED (the gateway refused; nothing was refunded). */
    status: varchar("status", { length: 20 }).notNull().default("REQUESTED"),
    failureReason: text("failure_reason"),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (table) => [
    check("refunds_amount_positive", sql`${table.amount} > 0`),
    index("refunds_order_id_idx").on(table.orderId),
  ],
);

/**
 * Every mail the site sends, written in the same transaction as the record it is about, and
 * delivered by the outbox worker (app/services/mail/outbox.server.ts). It keeps the mail's kind
 * and data; its HTML and text parts are drawn from them when it is sent (or previewed), so
 * queuing one costs a submission a small insert, not a render.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar("kind", { length: 40 }).notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** What the template of `kind` is given (MailData in app/mail/data.server.ts). */
    data: jsonb("data").notNull(),
    /**
     * The Message-ID header, the same on every attempt, so a resend is recognisably one mail. A
     * random UUID: no unique index, which every submission would pay for and nothing reads.
     */
    messageId: varchar("message_id", { length: 200 }).notNull(),
    /** What it is about, e.g. "application:12", "order:<uuid>", "user:3". */
    about: varchar("about", { length: 80 }),
    status: mailStatusEnum("status").notNull().default("QUEUED"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While SENDING: the attempt's lease. Past it, the instance is taken to have died and another may try. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('QUEUED', 'SENDING')`),
    // No created_at index: the admin list is in id order (the order mails were queued), which the
    // primary key serves; each index here is paid by every submission that queues mails.
  ],
);

/**
 * Password reset links: only a SHA-256 of the random token is kept, so the table cannot be used to
 * reset anyone's password. A link works once, within its hour, and a newer one voids it.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("password_resets_user_id_idx").on(table.userId)],
);

/**
 * E-mail verification links sent at registration (and on "send it again"): only a SHA-256 of the
 * random token is kept. A link works once, within its window, and proves the address it was sent to.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("email_verifications_user_id_idx").on(table.userId)],
);

/** Registrations from the Teachers page (issue 18); the CV, when sent, is in teacher_cvs. */
export const teacherApplications = pgTable(
  "teacher_applications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    language: language(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    city: varchar("city", { length: LIMITS.city }).notNull(),
    mobile: varchar("mobile", { length: 13 }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    experience: varchar("experience", { length: LIMITS.experience }).notNull(),
    message: text("message").notNull().default(""),
    status: teacherApplicationStatusEnum("status").notNull().default("NEW"),
    ...consentColumns(),
    /** When its personal fields were removed: its teacher erased the account that owns the address. */
    anonymisedAt: anonymisedAt(),
    createdAt: createdAt(),
  },
  (table) => [
    index("teacher_applications_created_at_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index("teacher_applications_status_idx").on(table.status),
    searchIndex("teacher_applications_search_idx", SEARCH_TEXT.teacherApplication(table)),
  ],
);

/**
 * A teacher's CV (PDF, checked by its content), kept in the database so that it is private, never
 * at a public URL, and any instance can serve it to an ADMIN. Apart from the application so that
 * listing applications never reads the files.
 */
export const teacherCvs = pgTable(
  "teacher_cvs",
  {
    applicationId: integer("application_id")
      .primaryKey()
      .references(() => teacherApplications.id, { onDelete: "cascade" }),
    /** The name the teacher's file had, shown to staff and offered as the download's name. */
    fileName: varchar("file_name", { length: 255 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("teacher_cvs_size_positive", sql`${table.sizeBytes} > 0`)],
);

/**
 * Uploaded images and their right-sized copies (issue 21), kept in the database so that every
 * instance serves every image without a shared disk and a backup holds them with the rows that
 * name them. One row per file, named as its URL names it (`<base>.png`, `<base>-800w.webp`); the
 * base ties an original to its copies. A file never changes under its name: a new upload gets a
 * new base.
 */
export const storedImages = pgTable(
  "stored_images",
  {
    name: varchar("name", { length: 120 }).primaryKey(),
    base: varchar("base", { length: 100 }).notNull(),
    /** The upload as it came; false for the copies made from it. */
    original: boolean("original").notNull(),
    content: bytea("content").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("stored_images_base_idx").on(table.base)],
);

/**
 * Rate-limit windows shared by every instance (issue 21): one row per (limit, client) counting
 * attempts in a fixed window, counted by one atomic upsert; rows past their window are swept.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    /** "<limit name>:<client>", e.g. "login:203.0.113.7". */
    key: varchar("key", { length: 200 }).primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limit_windows_reset_at_idx").on(table.resetAt)],
);

/**
 * The life of a record (issues 19 and 20): status changes with who made them, staff notes, and
 * erasures. No personal data is written here, so an erasure never has to come back for it: the
 * actor is a user id (kept as null once that account is gone) and a note is staff's own text.
 */
export const recordEvents = pgTable(
  "record_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    recordType: recordTypeEnum("record_type").notNull(),
    /** The record's id as text: orders have uuids, the others integers. */
    recordId: varchar("record_id", { length: 64 }).notNull(),
    kind: recordEventKindEnum("kind").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    fromStatus: varchar("from_status", { length: 30 }),
    toStatus: varchar("to_status", { length: 30 }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("record_events_record_idx").on(table.recordType, table.recordId, table.createdAt),
    index("record_events_created_at_idx").on(
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * WhatsApp and SMS updates to families (issue 39), an outbox as the mails are: written in the
 * transaction of what caused them, sent by a worker on any instance (FOR UPDATE SKIP LOCKED), each
 * at most once. A row whose send went out without an answer is UNCERTAIN and never sent again by
 * itself.
 */
export const familyUpdates = pgTable(
  "family_updates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    channel: updateChannelEnum("channel").notNull(),
    kind: varchar("kind", { length: 40 }).notNull(),
    language: language(),
    /** E.164 ("+919876543210"), normalised once when queued. */
    toNumber: varchar("to_number", { length: 16 }).notNull(),
    /** The template's body parameters, in its order (UPDATE_PARAMETERS). */
    parameters: jsonb("parameters").$type<string[]>().notNull(),
    /** What it is about, e.g. "application:12", "order:<uuid>"; as the mail outbox's `about`. */
    about: varchar("about", { length: 80 }),
    status: updateStatusEnum("status").notNull().default("QUEUED"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While SENDING: the attempt's lease; past it, the send is taken to have been lost (UNCERTAIN). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The provider's id: WhatsApp's `wamid`, MSG91's request id. */
    providerId: varchar("provider_id", { length: 200 }),
    lastError: text("last_error"),
    errorCode: integer("error_code"),
    /** The WhatsApp message this SMS repeats because the number cannot get WhatsApp (once each). */
    fallbackOf: integer("fallback_of").references((): AnyPgColumn => familyUpdates.id, {
      onDelete: "set null",
    }),
    /** The failed message a person sent again (once per click: each click is a new row). */
    resentFrom: integer("resent_from").references((): AnyPgColumn => familyUpdates.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
  },
  (table) => [
    index("family_updates_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('QUEUED', 'SENDING')`),
    uniqueIndex("family_updates_provider_id_idx").on(table.channel, table.providerId),
    uniqueIndex("family_updates_fallback_of_idx").on(table.fallbackOf),
    // A message is sent again at most once: a second click on the same "Send again" finds it taken.
    uniqueIndex("family_updates_resent_from_idx").on(table.resentFrom),
    index("family_updates_about_idx").on(table.about),
    index("family_updates_to_number_idx").on(table.toNumber),
  ],
);

/**
 * Numbers that asked for no more updates on a channel: a STOP on WhatsApp, or the parent's switch
 * on /profile. Any row stops the channel for the number. A START from the phone removes the
 * number's rows of its channel; a switch back on /profile removes only the rows its account set
 * (`set_by`): anyone may give a number on a form, so another account that gave it cannot lift a
 * family's opt-out (decision 0052). Rows from before `set_by` have none and any account with the
 * number may lift them, as then. An erased account's rows go with it.
 */
export const updateOptOuts = pgTable(
  "update_opt_outs",
  {
    // A key of its own: one number may be opted out of a channel by several setters.
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    toNumber: varchar("to_number", { length: 16 }).notNull(),
    channel: updateChannelEnum("channel").notNull(),
    source: varchar("source", { length: 20 }).notNull(),
    setBy: integer("set_by").references(() => users.id, { onDelete: "cascade" }),
    optedOutAt: createdAt(),
  },
  (table) => [
    unique("update_opt_outs_number_channel_setter")
      .on(table.toNumber, table.channel, table.source, table.setBy)
      .nullsNotDistinct(),
  ],
);

/**
 * WhatsApp statuses that arrived before the send's answer was recorded (issue 39 point 5: "in any
 * order of arrival"): Meta may report a message sent, or failed, while the worker that sent it is
 * still writing down its id. Kept here, keyed by that id, and applied when the id is recorded, in
 * the same transaction; a row nobody claims is dropped after a day.
 */
export const earlyUpdateStatuses = pgTable(
  "early_update_statuses",
  {
    providerId: varchar("provider_id", { length: 200 }).notNull(),
    status: updateStatusEnum("status").notNull(),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull(),
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    receivedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.providerId, table.status] })],
);

/**
 * Short links of the WhatsApp and SMS updates (issue 39): a link longer than an SMS variable may
 * be (30 letters under DLT) is sent as `/l/<code>`, which redirects to the site's own path it
 * stands for (a receipt, the page to pay, the profile). The code is random, so it is as hard to
 * guess as the token in the path it stands for is worth: ten letters and digits, about 59 bits.
 */
export const shortLinks = pgTable("short_links", {
  code: varchar("code", { length: 16 }).primaryKey(),
  path: text("path").notNull(),
  createdAt: createdAt(),
});

/**
 * The send rate kept across instances (issue 39 point 4): one row, the moment of the next free
 * send slot; each send moves it on by 1 / UPDATES_PER_SECOND seconds and waits for its slot.
 */
export const updateSendRate = pgTable(
  "update_send_rate",
  {
    id: smallint("id").primaryKey().default(1),
    nextSlotAt: timestamp("next_slot_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("update_send_rate_one_row", sql`${table.id} = 1`)],
);

/**
 * "Call back by" (issue 40 point 3): a day and a short note staff set on an application or a demo
 * request. One open follow-up a record (done_at null); moving it changes its day, doing it closes
 * it; each step is in the record's history. Who set it is kept for "/admin: yours and others'".
 */
export const followUps = pgTable(
  "follow_ups",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    recordType: recordTypeEnum("record_type").notNull(),
    recordId: varchar("record_id", { length: 64 }).notNull(),
    /** The day to call back by, in India. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
    note: varchar("note", { length: FOLLOW_UP_NOTE_MAX }).notNull().default(""),
    setBy: integer("set_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: integer("done_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("follow_ups_open_record_idx")
      .on(table.recordType, table.recordId)
      .where(sql`${table.doneAt} is null`),
    index("follow_ups_open_due_idx")
      .on(table.dueOn)
      .where(sql`${table.doneAt} is null`),
  ],
);

/**
 * The staff mails sent once a day across instances (issue 40 point 3): a row per kind and day,
 * written in the transaction that queues the mail, so a second instance finds it and sends none.
 */
export const staffDigests = pgTable(
  "staff_digests",
  {
    kind: varchar("kind", { length: 40 }).notNull(),
    /** The day in India the digest is for. */
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.day] })],
);

/**
 * "Possible duplicate" (issue 40 point 4): a record whose normalised mobile, e-mail or child's
 * name with date of birth matched an earlier record of its kind (`rule`: the first that matched),
 * and what staff decided (MERGED, DISTINCT; null: not yet).
 */
export const possibleDuplicates = pgTable(
  "possible_duplicates",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    recordType: recordTypeEnum("record_type").notNull(),
    /** The later record. */
    recordId: integer("record_id").notNull(),
    /** The earlier record it looks like. */
    otherId: integer("other_id").notNull(),
    rule: varchar("rule", { length: 10 }).notNull(),
    decision: varchar("decision", { length: 10 }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("possible_duplicates_pair_idx").on(table.recordType, table.recordId, table.otherId),
    index("possible_duplicates_other_idx").on(table.recordType, table.otherId),
  ],
);

/**
 * Figures kept in the database until a table they read changes (decision 0056): derived from the
 * tables above, so left out of backups (a snapshot means nothing in another database) and
 * rebuilt on the first read after a restore.
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });
const pgSnapshot = customType<{ data: string; driverData: string }>({ dataType: () => "pg_snapshot" });

/**
 * One row per table and writing transaction, noted by a statement trigger on each table a kept
 * figure reads (the migration lists them): inserted, never updated, so concurrent writers never
 * wait for each other here.
 */
export const derivedChanges = pgTable(
  "derived_changes",
  {
    tableName: text("table_name").notNull(),
    xact: xid8("xact")
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (table) => [primaryKey({ columns: [table.tableName, table.xact] })],
);

/**
 * Changes older than `xact` have been pruned: a figure computed on a snapshot older than it can
 * no longer be checked, and is computed again. One row.
 */
export const derivedHorizon = pgTable(
  "derived_horizon",
  {
    id: smallint("id").primaryKey().default(1),
    xact: xid8("xact")
      .notNull()
      .default(sql`'0'::xid8`),
  },
  (table) => [check("derived_horizon_one_row", sql`${table.id} = 1`)],
);

/** A figure as computed on `snapshot`, good while no table it read has a change that snapshot does not see. */
export const derivedFigures = pgTable("derived_figures", {
  name: text("name").primaryKey(),
  /** What the figure was computed for (its statement's parameters), as text. */
  params: text("params").notNull(),
  tables: text("tables").array().notNull(),
  snapshot: pgSnapshot("snapshot").notNull(),
  value: jsonb("value").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Tables a backup leaves out: derived from the others, meaningless in another database. */
export const DERIVED_TABLES = ["derived_changes", "derived_horizon", "derived_figures"] as const;

export type FamilyUpdateRow = typeof familyUpdates.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type DemoRequestRow = typeof demoRequests.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type CompanyDetailsRow = typeof companyDetails.$inferSelect;
export type GradeRow = typeof grades.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type MailRow = typeof mailOutbox.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type TeacherApplicationRow = typeof teacherApplications.$inferSelect;
export type RecordEventRow = typeof recordEvents.$inferSelect;
