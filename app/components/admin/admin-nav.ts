import { RECORD_KINDS, type RecordKindName } from "~/domain/record-kinds";
import {
  BlogIcon,
  CoursesIcon,
  DashboardIcon,
  DetailsIcon,
  HistoryIcon,
  InsightsIcon,
  SeatsIcon,
} from "./icons";
import { KIND_ICONS, type KindIcon } from "./kind-icons";

export type AdminNavItem = { label: string; to: string; Icon: KindIcon };

/** A kind of record's list, named as the registry names it (app/domain/record-kinds.ts). */
const listOf = (kind: RecordKindName): AdminNavItem => ({
  label: RECORD_KINDS[kind].menu,
  to: RECORD_KINDS[kind].adminPath,
  Icon: KIND_ICONS[kind],
});

/**
 * The admin side menu of spec section 2, in its order (the admissions insights of issue 40 next to the dashboard) (teacher applications after the other
 * enquiries, the grades' seats of issue 38 before the company details), then the mail outbox, the
 * WhatsApp and SMS updates (issue 39) and the records' history (erasures, anonymisations: issue 20).
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin", Icon: DashboardIcon },
  { label: "Insights", to: "/admin/insights", Icon: InsightsIcon },
  { label: "Blogs", to: "/admin/blog", Icon: BlogIcon },
  listOf("orders"),
  { label: "Courses", to: "/admin/courses", Icon: CoursesIcon },
  listOf("applications"),
  listOf("demos"),
  listOf("teacherApplications"),
  listOf("users"),
  { label: "Seats", to: "/admin/seats", Icon: SeatsIcon },
  { label: "Company Details", to: "/admin/details", Icon: DetailsIcon },
  listOf("mails"),
  listOf("messages"),
  { label: "History", to: "/admin/history", Icon: HistoryIcon },
];
