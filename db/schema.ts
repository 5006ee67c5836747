import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { DEFAULT_FEE_RUPEES, GRADES } from "../app/domain/grades";
import { LIMITS } from "../app/domain/limits";
import { APPLICATION_STATUSES, DEMO_STATUSES, ORDER_STATUSES, ROLES } from "../app/domain/statuses";

export const roleEnum = pgEnum("role", ROLES);
export const gradeEnum = pgEnum("grade", GRADES);
export const applicationStatusEnum = pgEnum("application_status", APPLICATION_STATUSES);
export const demoStatusEnum = pgEnum("demo_status", DEMO_STATUSES);
export const orderStatusEnum = pgEnum("order_status", ORDER_STATUSES);

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: varchar("name", { length: LIMITS.name }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    passwordHash: text("password_hash").notNull(),
    role: roleEnum("role").notNull().default("USER"),
    createdAt: createdAt(),
  },
  (table) => [
    // One account per address whatever its letter case.
    uniqueIndex("users_email_lower_key").on(sql`lower(${table.email})`),
    index("users_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
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
    studentName: varchar("student_name", { length: LIMITS.name }).notNull(),
    dob: date("dob", { mode: "string" }).notNull(),
    grade: gradeEnum("grade").notNull(),
    parentName: varchar("parent_name", { length: LIMITS.name }).notNull(),
    mobile: varchar("mobile", { length: 13 }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    status: applicationStatusEnum("status").notNull().default("PENDING"),
    createdAt: createdAt(),
  },
  (table) => [
    index("applications_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("applications_status_idx").on(table.status),
  ],
);

export const demoRequests = pgTable(
  "demo_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    parentName: varchar("parent_name", { length: LIMITS.name }).notNull(),
    studentName: varchar("student_name", { length: LIMITS.name }).notNull(),
    grade: gradeEnum("grade").notNull(),
    mobile: varchar("mobile", { length: 13 }).notNull(),
    email: varchar("email", { length: LIMITS.email }).notNull(),
    preferredDateTime: varchar("preferred_date_time", { length: LIMITS.preferredDateTime }).notNull(),
    status: demoStatusEnum("status").notNull().default("PENDING"),
    createdAt: createdAt(),
  },
  (table) => [
    index("demo_requests_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("demo_requests_status_idx").on(table.status),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("blog_posts_created_at_idx").on(table.createdAt.desc(), table.id.desc())],
);

export const courses = pgTable(
  "courses",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: varchar("title", { length: LIMITS.title }).notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("courses_created_at_idx").on(table.createdAt.desc(), table.id.desc())],
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
    updatedAt: updatedAt(),
  },
  (table) => [check("grades_fee_positive", sql`${table.fee} > 0`)],
);

export const orders = pgTable(
  "orders",
  {
    // Random, so an order's id reveals nothing and cannot be guessed from another.
    id: uuid("id").primaryKey().defaultRandom(),
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
  },
  (table) => [
    check("orders_amount_positive", sql`${table.amount} > 0`),
    index("orders_status_created_at_idx").on(table.status, table.createdAt.desc()),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type ApplicationRow = typeof applications.$inferSelect;
export type DemoRequestRow = typeof demoRequests.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type CompanyDetailsRow = typeof companyDetails.$inferSelect;
export type GradeRow = typeof grades.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
