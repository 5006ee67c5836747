import { PUBLIC_PAGES } from "~/domain/public-pages";

/**
 * The public navigation of spec section 2, shared by the desktop bar and the mobile menu. The
 * paths come from the one list of public pages, which the sitemap reads too.
 */
export type NavItem = { label: string; to: string };
export type NavGroup = { label: string; items: NavItem[] };

const ABOUT = { label: "About the school", to: PUBLIC_PAGES.about.path };
const ADMISSION = { label: "Admission", to: PUBLIC_PAGES.admissions.path };
const TEACHERS = { label: "Teachers", to: PUBLIC_PAGES.teachers.path };
const BLOG = { label: "Blog", to: PUBLIC_PAGES.blog.path };

export const NAV_GROUPS: NavGroup[] = [
  { label: "About Us", items: [ABOUT, { label: "Accreditation", to: PUBLIC_PAGES.accreditation.path }] },
  {
    label: "Programs",
    items: [
      { label: "Nursery & KG", to: PUBLIC_PAGES.earlyYears.path },
      { label: "Grade 1 to 5", to: PUBLIC_PAGES.primary.path },
      { label: "Grade 6 to 8", to: PUBLIC_PAGES.middle.path },
    ],
  },
  {
    label: "Admissions",
    items: [ADMISSION, { label: "Fee Structure", to: PUBLIC_PAGES.feeStructure.path }],
  },
];

export const NAV_LINKS: NavItem[] = [{ label: "Courses", to: PUBLIC_PAGES.courses.path }, TEACHERS, BLOG];

/** The footer's quick links: the same pages, under the spec's shorter footer labels. */
export const FOOTER_LINKS: NavItem[] = [
  { ...ABOUT, label: "About Us" },
  { ...ADMISSION, label: "Admissions" },
  TEACHERS,
  BLOG,
];
