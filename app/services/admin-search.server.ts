import { and, desc, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { freeText, freeTextMessages } from "~/domain/free-text";
import { RECORD_KINDS, recordPath } from "~/domain/record-kinds";
import { queryRows, type Database, type Executor } from "../../db/client";
import { blogPosts, courses, SEARCH_TEXT } from "../../db/schema";
import { searchPart, storesWith, type KindWith, type SearchPart } from "./record-kinds/index.server";

/** How long a search may be, and how many records of each kind it shows. */
// Three characters: a trigram index can only narrow a search that holds a whole trigram; two would scan.
const SEARCH_LIMITS = { minLength: 3, maxLength: 100, perKind: 10 } as const;

export const SEARCH_MESSAGES = {
  ...freeTextMessages("the search text"),
  tooShort: `Type at least ${SEARCH_LIMITS.minLength} characters to search.`,
  tooLong: `Search for at most ${SEARCH_LIMITS.maxLength} characters: a name, an e-mail address, a mobile number, an order or transaction id, or a title.`,
  notText: "Please send the search text as text.",
} as const;

/**
 * What the admin search looks through: every kind of record whose store declares a `search`
 * (app/services/record-kinds/), then the site's content.
 */
export type SearchKind = KindWith<"search"> | ContentKind;
type ContentKind = "blogPosts" | "courses";

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

const withQuery = (path: string, text: string) => `${path}?${new URLSearchParams({ q: text })}`;

/** One kind the search looks through: where it is listed, its table, what it reads, and where a hit opens. */
type Source = {
  kind: SearchKind;
  label: string;
  list: string;
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  search: SearchPart;
  href: (row: Record<string, unknown>) => string;
};

/** The records' kinds, named and linked as the registry says (app/domain/record-kinds.ts). */
const RECORD_SOURCES = storesWith("search").map(({ kind, table, id, createdAt, search }): Source => {
  const { many, adminPath } = RECORD_KINDS[kind];
  const { listedAs } = search;
  return {
    kind: kind as KindWith<"search">,
    label: many,
    list: adminPath,
    table,
    id,
    createdAt,
    search,
    href: (row) => (listedAs ? withQuery(adminPath, listedAs(row)) : recordPath(kind, String(row.id))),
  };
});

/** The site's content, found by title and opened in its editor. */
const CONTENT_SOURCES: Source[] = [
  {
    kind: "blogPosts",
    label: "Blog posts",
    list: "/admin/blog",
    table: blogPosts,
    id: blogPosts.id,
    createdAt: blogPosts.createdAt,
    search: searchPart({
      text: SEARCH_TEXT.title(blogPosts),
      columns: { id: blogPosts.id, title: blogPosts.title, category: blogPosts.category },
      shown: (row) => ({ title: row.title, details: [row.category], status: null }),
    }),
    href: (row) => `/admin/blog/${String(row.id)}/edit`,
  },
  {
    kind: "courses",
    label: "Courses",
    list: "/admin/courses",
    table: courses,
    id: courses.id,
    createdAt: courses.createdAt,
    search: searchPart({
      text: SEARCH_TEXT.title(courses),
      columns: { id: courses.id, title: courses.title },
      shown: (row) => ({ title: row.title, details: [], status: null }),
    }),
    href: (row) => `/admin/courses/${String(row.id)}/edit`,
  },
];

/** Every kind, in the order the results show them. */
const SOURCES = [...RECORD_SOURCES, ...CONTENT_SOURCES];

/**
 * The back office's search (issue 19): applications, demo requests, orders, teacher applications,
 * accounts, blog posts and courses, by name, e-mail address, mobile number (any format), order,
 * transaction or Razorpay order id, and title. Each kind is one indexed query (see SEARCH_TEXT in
 * db/schema.ts) that also counts its matches; the kinds are asked at the same time.
 */
export function createAdminSearch(db: Database) {
  /** The newest rows of a kind that match, each with the number of matches in all (`total`). */
  const select = ({ table, id, createdAt, search }: Source, patterns: string[]) =>
    db
      .select({ ...search.columns, total: totalMatches })
      .from(table)
      .where(and(matching(search.text, patterns), search.listed))
      .orderBy(desc(createdAt), desc(id))
      .limit(SEARCH_LIMITS.perKind);

  async function find(source: Source, patterns: string[]) {
    const rows = (await select(source, patterns)) as (Record<string, unknown> & { total: number })[];
    const hits = rows.map((row): SearchHit => ({
      id: String(row.id),
      href: source.href(row),
      ...source.search.shown(row),
    }));
    return { hits, total: rows[0]?.total ?? 0 };
  }

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
        SOURCES.map(async (source): Promise<SearchGroup> => {
          const { hits, total } = await find(source, patterns);
          return {
            kind: source.kind,
            label: source.label,
            total,
            hits,
            listHref: withQuery(source.list, text),
          };
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
      for (const source of SOURCES) {
        const rows = await queryRows<{ "QUERY PLAN": string }>(
          executor,
          sql`explain ${select(source, patterns)}`,
        );
        plans.push([source.kind, rows.map((row) => row["QUERY PLAN"]).join("\n")]);
      }
      return Object.fromEntries(plans) as Record<SearchKind, string>;
    },
  };
}
