import type { Grade } from "~/domain/grades";
import {
  DASHBOARD_KINDS,
  RECORD_KINDS,
  type DashboardFigure,
  type DashboardKind,
} from "~/domain/record-kinds";
import type { CoursesService } from "./courses.server";
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

/** A row of a dashboard kind's list, as its first page gives it. */
type ListedRow = {
  id: string | number;
  createdAt: Date;
  /** A payment's own moment, which is when it happened for the dashboard. */
  paidAt?: Date | null;
  studentName: string;
  grade: Grade;
  status: string;
  amount?: number;
};

/** A kind's admin list as the dashboard reads it: its newest rows and each tab's count. */
export type LatestPage = (query: {
  page: number;
  limit: number;
}) => Promise<{ rows: ListedRow[]; counts: Record<string, number> }>;

/** How many of each kind are read, and how many merged items the dashboard shows. */
const RECENT = { perKind: 5, shown: 8 } as const;

/**
 * The admin home: figures computed from the database and the latest things that happened, for
 * every kind the registry puts on the dashboard (app/domain/record-kinds.ts).
 */
export function createDashboardService({
  latest,
  courses,
  followUps,
}: {
  latest: Record<DashboardKind, LatestPage>;
  courses: CoursesService;
  followUps: () => Promise<DueFollowUps>;
}) {
  return {
    async overview(): Promise<DashboardOverview> {
      // Each list's first page comes with its counts per tab: the figures are read from them,
      // not counted again (issue 22: fewer queries per page).
      const [courseCount, due, ...pages] = await Promise.all([
        courses.count(),
        followUps(),
        ...DASHBOARD_KINDS.map((kind) => latest[kind]({ page: 1, limit: RECENT.perKind })),
      ]);
      const figures: DashboardFigures = {
        courses: courseCount,
        students: 0,
        newEnquiries: 0,
        counted: {} as Record<DashboardKind, number>,
      };
      const recent: ActivityItem[] = [];
      DASHBOARD_KINDS.forEach((kind, index) => {
        const { rows, counts } = pages[index]!;
        const { figure, counts: tab } = RECORD_KINDS[kind].dashboard;
        figures.counted[kind] = counts[tab] ?? 0;
        figures[figure] += figures.counted[kind];
        for (const row of rows)
          recent.push({
            kind,
            id: `${kind}-${row.id}`,
            at: row.paidAt ?? row.createdAt,
            studentName: row.studentName,
            grade: row.grade,
            status: row.status,
            amount: row.amount ?? null,
          });
      });
      recent.sort((a, b) => b.at.getTime() - a.at.getTime());
      return { figures, recent: recent.slice(0, RECENT.shown), followUps: due };
    },
  };
}
