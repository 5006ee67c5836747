import { LineIcon, type IconProps } from "~/components/ui/line-icon";

/** Line icons for tiles and lists, in the current text colour. */
const Icon = ({ children, className = "h-7 w-7" }: IconProps & { children: React.ReactNode }) => (
  <LineIcon className={className}>{children}</LineIcon>
);

export const SpeechBubbleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h16v10H9l-5 4V5Z" />
    <path d="M8 9h8M8 12h5" />
  </Icon>
);

export const ShapesIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="7" cy="7" r="3.5" />
    <path d="M13.5 3.5h7v7h-7z" />
    <path d="M7 13.5l4 7H3l4-7Z" />
    <path d="M15 17h5M17.5 14.5v5" />
  </Icon>
);

export const MusicNoteIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 18V5l11-2v13" />
    <circle cx="6" cy="18" r="3" />
    <circle cx="17" cy="16" r="3" />
  </Icon>
);

export const JumpingChildIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="4.5" r="2" />
    <path d="M4 8l8 2 8-2" />
    <path d="M12 10v5" />
    <path d="M12 15l-4 6M12 15l4 6" />
  </Icon>
);

export const LeafIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 19C5 10 10 4 20 4c0 10-6 15-15 15Z" />
    <path d="M5 19l9-9" />
  </Icon>
);

export const FriendsIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="8" cy="7" r="3" />
    <circle cx="16.5" cy="8" r="2.5" />
    <path d="M2.5 20c0-3.6 2.5-6 5.5-6s5.5 2.4 5.5 6" />
    <path d="M14.5 14.3c.6-.2 1.3-.3 2-.3 2.7 0 5 2.2 5 5.5" />
  </Icon>
);

export const CompassIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5 5-2Z" />
  </Icon>
);

export const ShieldCheckIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3Z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </Icon>
);

export const LaptopIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="4" y="5" width="16" height="11" rx="1.5" />
    <path d="M2 19h20" />
    <circle cx="12" cy="10" r="2" />
  </Icon>
);

export const ChartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 20V4M4 20h16" />
    <path d="M8 16v-4M12 16V8M16 16v-6" />
  </Icon>
);

export const GlobeIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3Z" />
  </Icon>
);

export const HeartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10Z" />
  </Icon>
);

export const PeopleGroupIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="7" r="3" />
    <circle cx="5" cy="10" r="2" />
    <circle cx="19" cy="10" r="2" />
    <path d="M7 20c0-3 2.2-5.5 5-5.5s5 2.5 5 5.5" />
    <path d="M2 19c0-2 1.3-3.5 3-3.5M22 19c0-2-1.3-3.5-3-3.5" />
  </Icon>
);

export const BooksIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 4h4v16H4zM10 4h4v16h-4z" />
    <path d="M16 5.2l3.8-1 3 14.6-3.8 1z" />
  </Icon>
);

export const SparkIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M5.6 5.6l2.8 2.8M15.6 15.6l2.8 2.8M5.6 18.4l2.8-2.8M15.6 8.4l2.8-2.8" />
  </Icon>
);
