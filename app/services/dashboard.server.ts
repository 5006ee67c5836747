import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Grade } from "~/domain/grades";
import {
  DASHBOARD_KINDS,
  RECORD_KINDS,
  type DashboardFigure,
  type DashboardKind,
} from "~/domain/record-kinds";
import type { Database } from "../../db/client";
import type { DueFollowUps } from "./follow-ups.server";

/** What the dashboard's figures count (the page says so under each figure). */
export type DashboardFigures = Record<DashboardFigure, number> & {
  /** Courses in the catalogue. */
  courses: number;
  /** Each kind's share of its figure (the registry says which tab of its list is counted). */
  counted: Record<DashboardKind, number>;
};

/** One thing that happened, as the recent activity lists it. */
export type ActivityItem = {
  kind: DashboardKind;
  /** Unique across kinds (the list's key). */
  id: string;
  at: Date;
  studentName: string;
  grade: Grade;
  status: string;
  /** What was paid, in paise; null for a record that is not a payment. */
  amount: number | null;
};

export type DashboardOverview = {
  figures: DashboardFigures;
  recent: ActivityItem[];
  /** Follow-ups overdue and due today, per person who set them (issue 40 point 3). */
  followUps: DueFollowUps;
};

/**
 * What the dashboard reads of one kind, as subqueries of its one statement; the kind's own list
 * says what a tab holds and which rows are its newest.
 */
export type DashboardSource = {
  /** How many records one tab of the kind's list holds (the registry names the tab). */
  counted: (tab: string) => SQL<number>;
  /** The kind's newest records, newest first, as a JSON array of ActivityColumns' rows. */
  newest: (limit: number) => SQL<unknown[]>;
};

/** The columns a kind's `newest` rows carry: `at` is when it happened (a payment: when paid). */
export type ActivityColumns = Record<
  "id" | "at" | "studentName" | "grade" | "status" | "amount",
  SQL | PgColumn
>;

/** A row of `newest` as JSON gives it (a moment as ISO 8601 text). */
type NewestRow = {
  id: string | number;
  at: string;
  studentName: string;
  grade: Grade;
  status: string;
  amount: number | null;
};

/** How many of each kind are read, and how many merged items the dashboard shows. */
const RECENT = { perKind: 5, shown: 8 } as const;

/**
 * The admin home: figures computed from the database and the latest things that happened, for
 * every kind the registry puts on the dashboard (app/domain/record-kinds.ts).
 */
export function createDashboardService({
  db,
  sources,
  catalogue,
  followUps,
}: {
  db: Database;
  sources: Record<DashboardKind, DashboardSource>;
  /** How many courses the catalogue holds. */
  catalogue: SQL<number>;
  followUps: () => Promise<DueFollowUps>;
}) {
  // One statement for every figure and every kind's newest records, prepared once: the page is
  // read on every visit to /admin, and eight statements built and planned each time were most of
  // its database time (docs/performance.md, issue 41).
  const figuresAndNewest = db
    .select({
      courses: catalogue,
      ...Object.fromEntries(
        DASHBOARD_KINDS.flatMap((kind) => [
          [`${kind}Counted`, sources[kind].counted(RECORD_KINDS[kind].dashboard.counts)],
          [`${kind}Newest`, sources[kind].newest(RECENT.perKind)],
        ]),
      ),
    })
    .from(sql`(values (1)) as dashboard (one)`)
    .prepare("dashboard_figures_and_newest");

  return {
    async overview(): Promise<DashboardOverview> {
      const [[read], due] = await Promise.all([figuresAndNewest.execute(), followUps()]);
      const row = read as Record<string, unknown>;
      const figures: DashboardFigures = {
        courses: row.courses as number,
        students: 0,
        newEnquiries: 0,
        counted: {} as Record<DashboardKind, number>,
      };
      const recent: ActivityItem[] = [];
      for (const kind of DASHBOARD_KINDS) {
        figures.counted[kind] = row[`${kind}Counted`] as number;
        figures[RECORD_KINDS[kind].dashboard.figure] += figures.counted[kind];
        for (const item of row[`${kind}Newest`] as NewestRow[])
          recent.push({ ...item, kind, id: `${kind}-${item.id}`, at: new Date(item.at) });
      }
      recent.sort((a, b) => b.at.getTime() - a.at.getTime());
      return { figures, recent: recent.slice(0, RECENT.shown), followUps: due };
    },
  };
}
