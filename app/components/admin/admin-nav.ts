import {
  ApplicationsIcon,
  BlogIcon,
  CoursesIcon,
  DashboardIcon,
  DemosIcon,
  DetailsIcon,
  HistoryIcon,
  MailIcon,
  OrdersIcon,
  TeachersIcon,
  UsersIcon,
  type IconProps,
} from "./icons";

export type AdminNavItem = { label: string; to: string; Icon: (props: IconProps) => JSX.Element };

/**
 * The admin side menu of spec section 2, in its order (teacher applications after the other
 * enquiries), then the mail outbox and the records' history (erasures, anonymisations: issue 20).
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin", Icon: DashboardIcon },
  { label: "Blogs", to: "/admin/blog", Icon: BlogIcon },
  { label: "Orders", to: "/admin/orders", Icon: OrdersIcon },
  { label: "Courses", to: "/admin/courses", Icon: CoursesIcon },
  { label: "Applications", to: "/admin/applications", Icon: ApplicationsIcon },
  { label: "Demo Requests", to: "/admin/demos", Icon: DemosIcon },
  { label: "Teacher Applications", to: "/admin/teacher-applications", Icon: TeachersIcon },
  { label: "Users", to: "/admin/users", Icon: UsersIcon },
  { label: "Company Details", to: "/admin/details", Icon: DetailsIcon },
  { label: "Mail", to: "/admin/mail", Icon: MailIcon },
  { label: "History", to: "/admin/history", Icon: HistoryIcon },
];
