import type { BellKind, RecordKindName } from "~/domain/record-kinds";
import {
  ApplicationsIcon,
  DemosIcon,
  MailIcon,
  MessagesIcon,
  OrdersIcon,
  TeachersIcon,
  UsersIcon,
  type IconProps,
} from "./icons";

export type KindIcon = (props: IconProps) => JSX.Element;

/**
 * How the back office draws each kind of record (the side menu, the bell's page): presentation,
 * so here beside the icons rather than in the registry (app/domain/record-kinds.ts), which the
 * services read too.
 */
export const KIND_ICONS: Record<RecordKindName, KindIcon> = {
  applications: ApplicationsIcon,
  demos: DemosIcon,
  teacherApplications: TeachersIcon,
  orders: OrdersIcon,
  users: UsersIcon,
  mails: MailIcon,
  messages: MessagesIcon,
};

/** The tinted square behind a kind's icon where the bell's page lists what is new. */
export const KIND_ACCENTS: Record<BellKind, string> = {
  applications: "bg-sky-50 text-navy",
  demos: "bg-sun-100 text-ink",
  teacherApplications: "bg-navy-50 text-navy",
  orders: "bg-leaf-50 text-teal",
};
