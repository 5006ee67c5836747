/** The public navigation of spec section 2, shared by the desktop bar and the mobile menu. */
export type NavItem = { label: string; to: string };
export type NavGroup = { label: string; items: NavItem[] };

const ABOUT = { label: "About the school", to: "/about-us-zipat" };
const ADMISSION = { label: "Admission", to: "/admissions" };
const TEACHERS = { label: "Teachers", to: "/teachers" };
const BLOG = { label: "Blog", to: "/blog" };

export const NAV_GROUPS: NavGroup[] = [
  { label: "About Us", items: [ABOUT, { label: "Accreditation", to: "/accreditation" }] },
  {
    label: "Programs",
    items: [
      { label: "Nursery & KG", to: "/programs/early-years" },
      { label: "Grade 1 to 5", to: "/programs/primary" },
      { label: "Grade 6 to 8", to: "/programs/middle" },
    ],
  },
  { label: "Admissions", items: [ADMISSION, { label: "Fee Structure", to: "/fee-structure" }] },
];

export const NAV_LINKS: NavItem[] = [{ label: "Courses", to: "/courses" }, TEACHERS, BLOG];

/** The footer's quick links: the same pages, under the spec's shorter footer labels. */
export const FOOTER_LINKS: NavItem[] = [
  { ...ABOUT, label: "About Us" },
  { ...ADMISSION, label: "Admissions" },
  TEACHERS,
  BLOG,
];
