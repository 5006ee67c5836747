import type { ApplicationStatus, DemoStatus } from "~/domain/statuses";
import type { Grade } from "~/domain/grades";
import type { CoursesService } from "./courses.server";
import type { ApplicationsService, DemosService } from "./enquiries.server";
import type { OrdersService } from "./payments/index.server";

/** What the dashboard's three figures count (the page says so under each figure). */
export type DashboardFigures = {
  /** Paid enrollments: every PAID order is a student whose fee came in. */
  students: number;
  /** Courses in the catalogue. */
  courses: number;
  /** Enquiries nobody has acted on yet: PENDING applications plus PENDING demo requests. */
  newEnquiries: number;
  pendingApplications: number;
  pendingDemos: number;
};

export type ActivityItem =
  | {
      kind: "application";
      id: string;
      at: Date;
      studentName: string;
      grade: Grade;
      status: ApplicationStatus;
    }
  | { kind: "demo"; id: string; at: Date; studentName: string; grade: Grade; status: DemoStatus }
  | { kind: "order"; id: string; at: Date; studentName: string; grade: Grade; amount: number };

export type DashboardOverview = { figures: DashboardFigures; recent: ActivityItem[] };

/** How many of each kind are read, and how many merged items the dashboard shows. */
const RECENT = { perKind: 5, shown: 8 } as const;

/** The admin home: figures computed from the database and the latest things that happened. */
export function createDashboardService({
  applications,
  demos,
  orders,
  courses,
}: {
  applications: ApplicationsService;
  demos: DemosService;
  orders: OrdersService;
  courses: CoursesService;
}) {
  return {
    async overview(): Promise<DashboardOverview> {
      const latest = { page: 1, limit: RECENT.perKind };
      // Each list's first page comes with its counts per status (per view for orders): the
      // figures are read from them, not counted again (issue 22: fewer queries per page).
      const [courseCount, newApplications, newDemos, newOrders] = await Promise.all([
        courses.count(),
        applications.listPage(latest),
        demos.listPage(latest),
        orders.listPaidPage(latest),
      ]);
      const students = newOrders.counts.paid;
      const pendingApplications = newApplications.counts.PENDING;
      const pendingDemos = newDemos.counts.PENDING;
      const recent: ActivityItem[] = [
        ...newApplications.rows.map((row) => ({
          kind: "application" as const,
          id: `application-${row.id}`,
          at: row.createdAt,
          studentName: row.studentName,
          grade: row.grade,
          status: row.status,
        })),
        ...newDemos.rows.map((row) => ({
          kind: "demo" as const,
          id: `demo-${row.id}`,
          at: row.createdAt,
          studentName: row.studentName,
          grade: row.grade,
          status: row.status,
        })),
        ...newOrders.rows.map((row) => ({
          kind: "order" as const,
          id: `order-${row.id}`,
          at: row.paidAt ?? row.createdAt,
          studentName: row.studentName,
          grade: row.grade,
          amount: row.amount,
        })),
      ];
      recent.sort((a, b) => b.at.getTime() - a.at.getTime());
      return {
        figures: {
          students,
          courses: courseCount,
          newEnquiries: pendingApplications + pendingDemos,
          pendingApplications,
          pendingDemos,
        },
        recent: recent.slice(0, RECENT.shown),
      };
    },
  };
}
