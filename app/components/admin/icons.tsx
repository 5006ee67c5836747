import { LineIcon, type IconProps } from "~/components/ui/line-icon";

export type { IconProps };

/** Line icons of the admin area; always decorative (the text names things). */
const Icon = ({ children, className = "h-6 w-6" }: IconProps & { children: React.ReactNode }) => (
  <LineIcon className={`flex-none ${className}`}>{children}</LineIcon>
);

export const DashboardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3.5" y="3.5" width="7" height="8" rx="1.5" />
    <rect x="13.5" y="3.5" width="7" height="5" rx="1.5" />
    <rect x="13.5" y="11.5" width="7" height="9" rx="1.5" />
    <rect x="3.5" y="14.5" width="7" height="6" rx="1.5" />
  </Icon>
);

export const BlogIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 4.5h10l4 4v11a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1v-14a1 1 0 0 1 1-1Z" />
    <path d="M14.5 4.5v4h4.5M7.5 12h9M7.5 15.5h9M7.5 8.5h4" />
  </Icon>
);

export const OrdersIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 3.5h12v17l-2.5-1.5-2 1.5-1.5-1.5-1.5 1.5-2-1.5L6 20.5v-17Z" />
    <path d="M9 8h6M9 11.5h6M9 15h3.5" />
  </Icon>
);

export const CoursesIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 6.5c-2-1.6-4.8-2-8-1.5v13c3.2-.5 6 0 8 1.5 2-1.5 4.8-2 8-1.5V5c-3.2-.5-6-.1-8 1.5Z" />
    <path d="M12 6.5v13" />
  </Icon>
);

export const ApplicationsIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="5" y="4.5" width="14" height="16" rx="2" />
    <path d="M9 3.5h6v3H9zM8.5 11l1.5 1.5 3-3M8.5 16h7" />
  </Icon>
);

export const DemosIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="6" width="13" height="12" rx="2" />
    <path d="m16 10.5 5-3v9l-5-3" />
    <path d="M7.5 10.5v3l2.5-1.5-2.5-1.5Z" />
  </Icon>
);

/** A teacher beside a board. */
export const TeachersIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="9.5" y="3.5" width="12" height="9" rx="1.5" />
    <circle cx="6" cy="9" r="2.5" />
    <path d="M2 20.5c.4-3.4 1.8-5.5 4-5.5s3.6 2.1 4 5.5M8 14l4.5-3.5" />
  </Icon>
);

export const UsersIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 19.5c.8-3.3 3.3-5 6.5-5s5.7 1.7 6.5 5" />
    <path d="M15.5 5.3a3.5 3.5 0 0 1 0 6.4M17.5 14.8c2 .7 3.4 2.3 4 4.7" />
  </Icon>
);

export const DetailsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 20.5V8l8-4.5L20 8v12.5" />
    <path d="M2.5 20.5h19M9.5 20.5v-5h5v5M8 11h.01M12 11h.01M16 11h.01" />
  </Icon>
);

/** A school desk and its chair: a grade's seats. */
export const SeatsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 9.5h11M5 9.5v10M12 9.5v10" />
    <path d="M17 4.5v9h4v6M17 13.5v6" />
  </Icon>
);

export const MailIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="m3.5 7 8.5 6.5L20.5 7" />
  </Icon>
);

/** A speech bubble: the WhatsApp and SMS updates (issue 39). */
export const MessagesIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5.5h16v10H9.5L5 19.5v-4H4z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </Icon>
);

export const HistoryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 12a8 8 0 1 0 2.3-5.6" />
    <path d="M4 4.5V8h3.5" />
    <path d="M12 8v4.5l3 2" />
  </Icon>
);

export const BellIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 2h-15l1.5-2Z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Icon>
);

export const SearchIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </Icon>
);

export const LogoutIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 4.5H6.5a1 1 0 0 0-1 1v13a1 1 0 0 0 1 1H14" />
    <path d="M10.5 12h10M17 8.5l3.5 3.5-3.5 3.5" />
  </Icon>
);

/** Points left when the menu can collapse, right when it can expand (rotated by the caller). */
export const CollapseIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m11 7-5 5 5 5M18 7l-5 5 5 5" />
  </Icon>
);

export const SiteIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.3 2.4 3.5 5.2 3.5 8.5s-1.2 6.1-3.5 8.5c-2.3-2.4-3.5-5.2-3.5-8.5s1.2-6.1 3.5-8.5Z" />
  </Icon>
);

export const ArrowIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 12h14M13.5 6.5 19 12l-5.5 5.5" />
  </Icon>
);

export const InsightsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 20.5h16" />
    <path d="M6.5 20.5v-6M11 20.5v-10M15.5 20.5v-7M20 20.5V6" />
    <path d="m5 10 5-5 4 3.5L20 3" />
  </Icon>
);
