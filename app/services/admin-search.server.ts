import { desc, or, sql, type AnyColumn, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { freeText, freeTextMessages } from "~/domain/free-text";
import { formatPaise } from "~/domain/format";
import { queryRows, type Database, type Executor } from "../../db/client";
import {
  applications,
  blogPosts,
  courses,
  demoRequests,
  orders,
  SEARCH_TEXT,
  teacherApplications,
  users,
} from "../../db/schema";

/** How long a search may be, and how many records of each kind it shows. */
// Three characters: a trigram index can only narrow a search that holds a whole trigram; two would scan.
const SEARCH_LIMITS = { minLength: 3, maxLength: 100, perKind: 10 } as const;

export const SEARCH_MESSAGES = {
  ...freeTextMessages("the search text"),
  tooShort: `Type at least ${SEARCH_LIMITS.minLength} characters to search.`,
  tooLong: `Search for at most ${SEARCH_LIMITS.maxLength} characters: a name, an e-mail address, a mobile number, an order or transaction id, or a title.`,
  notText: "Please send the search text as text.",
} as const;

/** The kinds of record the admin search looks through, in the order the results show them. */
export type SearchKind =
  "applications" | "demos" | "orders" | "teacherApplications" | "users" | "blogPosts" | "courses";

/** One record found: what it is called, a few facts that tell it apart, and where staff open it. */
export type SearchHit = {
  id: string;
  href: string;
  title: string;
  details: string[];
  /** The record's status as stored (PENDING, PAID…), for a badge; null for kinds without one. */
  status: string | null;
};

export type SearchGroup = {
  kind: SearchKind;
  label: string;
  /** Every record of the kind that matches; `hits` holds the newest SEARCH_LIMITS.perKind of them. */
  total: number;
  hits: SearchHit[];
  /** The kind's admin list, asked for the same text. */
  listHref: string;
};

/** `asked` is the text as it was sent, so a page can tell which request an answer is for. */
export type SearchOutcome =
  | { asked: string; found: true; text: string; total: number; groups: SearchGroup[] }
  | { asked: string; found: false; message: string };

const searchInput = z.object({
  q: freeText({ what: "the search text", error: SEARCH_MESSAGES.notText })
    // One line of words: runs of spaces (as pasted from a spreadsheet) are one space.
    .overwrite((text) => text.replace(/\s+/g, " "))
    .min(SEARCH_LIMITS.minLength, SEARCH_MESSAGES.tooShort)
    .max(SEARCH_LIMITS.maxLength, SEARCH_MESSAGES.tooLong)
    .prefault(""),
});

/** LIKE's own characters taken literally: "%" finds a percent sign, not everything. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/**
 * What is looked for: the text, and when it is written like a phone number ("+91 98765-43210",
 * "(0) 98765 43210") its digits too, the way SEARCH_TEXT holds a mobile number. A leading trunk
 * zero is dropped: stored numbers are +91 and ten digits.
 */
function patternsFor(text: string): string[] {
  const patterns = [text];
  if (/^[\d\s+().-]+$/.test(text)) {
    const digits = text.replace(/\D/g, "");
    const national = digits.length === 11 && digits.startsWith("0") ? digits.slice(1) : digits;
    if (national.length >= SEARCH_LIMITS.minLength && national !== text) patterns.push(national);
  }
  return patterns.map(escapeLike);
}

/**
 * `searchText LIKE '%…%'` for each pattern, lower-cased by PostgreSQL as the indexed expression is
 * (so both sides fold case alike in any script). The expression is the indexed one itself, which
 * is what lets the planner answer from the trigram index instead of reading the table.
 */
function matching(searchText: SQL, patterns: string[]): SQL {
  return or(...patterns.map((pattern) => sql`${searchText} like '%' || lower(${pattern}) || '%'`))!;
}

/** How many rows matched in all, read alongside the first ones (the sort has seen them all anyway). */
const totalMatches = sql<number>`count(*) over ()`.mapWith(Number);

const newestFirst = (createdAt: AnyColumn, id: AnyColumn) => [desc(createdAt), desc(id)];

const withQuery = (path: string, text: string) => `${path}?${new URLSearchParams({ q: text })}`;

/**
 * The back office's search (issue 19): applications, demo requests, orders, teacher applications,
 * accounts, blog posts and courses, by name, e-mail address, mobile number (any format), order,
 * transaction or Razorpay order id, and title. Each kind is one indexed query (see SEARCH_TEXT in
 * db/schema.ts) that also counts its matches; the kinds are asked at the same time.
 */
export function createAdminSearch(db: Database) {
  const kinds: Record<SearchKind, KindSearch> = {
    applications: kind({
      label: "Applications",
      list: "/admin/applications",
      select: (patterns) =>
        db
          .select({
            id: applications.id,
            studentName: applications.studentName,
            parentName: applications.parentName,
            email: applications.email,
            mobile: applications.mobile,
            grade: applications.grade,
            status: applications.status,
            total: totalMatches,
          })
          .from(applications)
          .where(matching(SEARCH_TEXT.application(applications), patterns))
          .orderBy(...newestFirst(applications.createdAt, applications.id))
          .limit(SEARCH_LIMITS.perKind),
      hit: (row) => ({
        id: String(row.id),
        href: `/admin/applications/${row.id}`,
        title: row.studentName,
        details: [row.grade, `Parent: ${row.parentName}`, row.email, row.mobile],
        status: row.status,
      }),
    }),
    demos: kind({
      label: "Demo requests",
      list: "/admin/demos",
      select: (patterns) =>
        db
          .select({
            id: demoRequests.id,
            studentName: demoRequests.studentName,
            parentName: demoRequests.parentName,
            email: demoRequests.email,
            mobile: demoRequests.mobile,
            grade: demoRequests.grade,
            status: demoRequests.status,
            total: totalMatches,
          })
          .from(demoRequests)
          .where(matching(SEARCH_TEXT.application(demoRequests), patterns))
          .orderBy(...newestFirst(demoRequests.createdAt, demoRequests.id))
          .limit(SEARCH_LIMITS.perKind),
      hit: (row) => ({
        id: String(row.id),
        href: `/admin/demos/${row.id}`,
        title: row.studentName,
        details: [row.grade, `Parent: ${row.parentName}`, row.email, row.mobile],
        status: row.status,
      }),
    }),
    orders: kind({
      label: "Orders",
      list: "/admin/orders",
      select: (patterns) =>
        db
          .select({
            id: orders.id,
            studentName: orders.studentName,
            parentName: orders.parentName,
            email: orders.email,
            amount: orders.amount,
            transactionId: orders.transactionId,
            gatewayOrderId: orders.gatewayOrderId,
            status: orders.status,
            total: totalMatches,
          })
          .from(orders)
          .where(matching(SEARCH_TEXT.order(orders), patterns))
          .orderBy(...newestFirst(orders.createdAt, orders.id))
          .limit(SEARCH_LIMITS.perKind),
      hit: (row) => ({
        id: row.id,
        href: `/admin/orders/${row.id}`,
        title: row.studentName,
        details: [
          formatPaise(row.amount),
          `Parent: ${row.parentName}`,
          row.email,
          ...(row.transactionId ? [row.transactionId] : []),
          ...(row.gatewayOrderId ? [row.gatewayOrderId] : []),
        ],
        status: row.status,
      }),
    }),
    teacherApplications: kind({
      label: "Teacher applications",
      list: "/admin/teacher-applications",
      select: (patterns) =>
        db
          .select({
            id: teacherApplications.id,
            name: teacherApplications.name,
            city: teacherApplications.city,
            email: teacherApplications.email,
            mobile: teacherApplications.mobile,
            status: teacherApplications.status,
            total: totalMatches,
          })
          .from(teacherApplications)
          .where(matching(SEARCH_TEXT.teacherApplication(teacherApplications), patterns))
          .orderBy(...newestFirst(teacherApplications.createdAt, teacherApplications.id))
          .limit(SEARCH_LIMITS.perKind),
      hit: (row) => ({
        id: String(row.id),
        href: `/admin/teacher-applications/${row.id}`,
        title: row.name,
        details: [row.city, row.email, row.mobile],
        status: row.status,
      }),
    }),
    users: kind({
      label: "Users",
      list: "/admin/users",
      select: (patterns) =>
        db
          .select({
            id: users.id,
            name: users.name,
            email: users.email,
            role: users.role,
            disabledAt: users.disabledAt,
            total: totalMatches,
          })
          .from(users)
          .where(matching(SEARCH_TEXT.user(users), patterns))
          .orderBy(...newestFirst(users.createdAt, users.id))
          .limit(SEARCH_LIMITS.perKind),
      // Accounts have no page of their own: the list, asked for this one's address.
      hit: (row) => ({
        id: String(row.id),
        href: withQuery("/admin/users", row.email),
        title: row.name,
        details: [row.email, row.role],
        status: row.disabledAt ? "DISABLED" : null,
      }),
    }),
    blogPosts: kind({
      label: "Blog posts",
      list: "/admin/blog",
      select: (patterns) =>
        db
          .select({
            id: blogPosts.id,
            title: blogPosts.title,
            category: blogPosts.category,
            total: totalMatches,
          })
          .from(blogPosts)
          .where(matching(SEARCH_TEXT.title(blogPosts), patterns))
          .orderBy(...newestFirst(blogPosts.createdAt, blogPosts.id))
          .limit(SEARCH_LIMITS.perKind),
      hit: (row) => ({
        id: String(row.id),
        href: `/admin/blog/${row.id}/edit`,
        title: row.title,
        details: [row.category],
        status: null,
      }),
    }),
    courses: kind({
      label: "Courses",
      list: "/admin/courses",
      select: (patterns) =>
        db
          .select({ id: courses.id, title: courses.title, total: totalMatches })
          .from(courses)
          .where(matching(SEARCH_TEXT.title(courses), patterns))
          .orderBy(...newestFirst(courses.createdAt, courses.id))
          .limit(SEARCH_LIMITS.perKind),
      hit: (row) => ({
        id: String(row.id),
        href: `/admin/courses/${row.id}/edit`,
        title: row.title,
        details: [],
        status: null,
      }),
    }),
  };
  const kindNames = Object.keys(kinds) as SearchKind[];

  /** The search text once parsed, or why it cannot be searched for. */
  function parse(input: { q?: unknown }) {
    const parsed = searchInput.safeParse(input);
    return parsed.success
      ? { text: parsed.data.q, message: null }
      : { text: null, message: parsed.error.issues[0]!.message };
  }

  return {
    /**
     * Searches for `q` (the header box's text). Text that cannot be searched for (too short,
     * too long, hidden characters, not text) is answered with the reason, and nothing is queried.
     */
    async search(input: { q?: unknown }): Promise<SearchOutcome> {
      const asked = typeof input.q === "string" ? input.q : "";
      const { text, message } = parse(input);
      if (text === null) return { asked, found: false, message };
      const patterns = patternsFor(text);
      const groups = await Promise.all(
        kindNames.map(async (name): Promise<SearchGroup> => {
          const { label, list, find } = kinds[name];
          const { hits, total } = await find(patterns);
          return { kind: name, label, total, hits, listHref: withQuery(list, text) };
        }),
      );
      const total = groups.reduce((sum, group) => sum + group.total, 0);
      return { asked, found: true, text, total, groups };
    },

    /**
     * How PostgreSQL plans each kind's query for `q` (EXPLAIN's text): the tests and the bench
     * check with it that every kind is answered from its trigram index, not by reading the table.
     */
    async plans(input: { q?: unknown }, executor: Executor = db): Promise<Record<SearchKind, string>> {
      const { text, message } = parse(input);
      if (text === null) throw new Error(message);
      const patterns = patternsFor(text);
      // One after the other: `executor` may be a transaction, which runs one statement at a time.
      const plans: [SearchKind, string][] = [];
      for (const name of kindNames) {
        const rows = await queryRows<{ "QUERY PLAN": string }>(
          executor,
          sql`explain ${kinds[name].statement(patterns)}`,
        );
        plans.push([name, rows.map((row) => row["QUERY PLAN"]).join("\n")]);
      }
      return Object.fromEntries(plans) as Record<SearchKind, string>;
    },
  };
}

/** One kind's search: its query, and how a row it finds is shown. */
type KindSearch = {
  label: string;
  list: string;
  find: (patterns: string[]) => Promise<{ hits: SearchHit[]; total: number }>;
  statement: (patterns: string[]) => SQLWrapper;
};

function kind<Row extends { total: number }>({
  label,
  list,
  select,
  hit,
}: {
  label: string;
  list: string;
  /** The newest matching rows, each with the number of matches in all (`total`). */
  select: (patterns: string[]) => PromiseLike<Row[]> & SQLWrapper;
  hit: (row: Row) => SearchHit;
}): KindSearch {
  return {
    label,
    list,
    async find(patterns) {
      const rows = await select(patterns);
      return { hits: rows.map(hit), total: rows[0]?.total ?? 0 };
    },
    statement: select,
  };
}
