/** The public navigation of spec section 2, shared by the desktop bar and the mobile menu. */
export type NavItem = { label: string; to: string };
export type NavGroup = { label: string; items: NavItem[] };

export const NAV_GROUPS: NavGroup[] = [
  {
    label: "About Us",
    items: [
      { label: "About the school", to: "/about-us-zipat" },
      { label: "Accreditation", to: "/accreditation" },
    ],
  },
  {
    label: "Programs",
    items: [
      { label: "Nursery & KG", to: "/programs/early-years" },
      { label: "Grade 1 to 5", to: "/programs/primary" },
      { label: "Grade 6 to 8", to: "/programs/middle" },
    ],
  },
  {
    label: "Admissions",
    items: [
      { label: "Admission", to: "/admissions" },
      { label: "Fee Structure", to: "/fee-structure" },
    ],
  },
];

export const NAV_LINKS: NavItem[] = [
  { label: "Courses", to: "/courses" },
  { label: "Teachers", to: "/teachers" },
  { label: "Blog", to: "/blog" },
];

export const FOOTER_LINKS: NavItem[] = [
  { label: "About Us", to: "/about-us-zipat" },
  { label: "Admissions", to: "/admissions" },
  { label: "Teachers", to: "/teachers" },
  { label: "Blog", to: "/blog" },
];
