import { PUBLIC_PAGES } from "~/domain/public-pages";
import type { SITE_TEXTS } from "~/domain/texts/site";
import type { TextKey } from "~/domain/translations";

/**
 * The public navigation of spec section 2, shared by the desktop bar and the mobile menu. The
 * paths come from the one list of public pages, which the sitemap reads too; the labels are keys
 * of the site's texts (app/domain/texts/site.ts), shown in the page's language.
 */
type SiteKey = TextKey<(typeof SITE_TEXTS)["en"]>;
export type NavItem = { label: SiteKey; to: string };
export type NavGroup = { label: SiteKey; items: NavItem[] };

const ABOUT = { label: "nav.aboutSchool", to: PUBLIC_PAGES.about.path } as const;
const ADMISSION = { label: "nav.admission", to: PUBLIC_PAGES.admissions.path } as const;
const TEACHERS = { label: "nav.teachers", to: PUBLIC_PAGES.teachers.path } as const;
const BLOG = { label: "nav.blog", to: PUBLIC_PAGES.blog.path } as const;

export const NAV_GROUPS: NavGroup[] = [
  {
    label: "nav.aboutUs",
    items: [ABOUT, { label: "nav.accreditation", to: PUBLIC_PAGES.accreditation.path }],
  },
  {
    label: "nav.programs",
    items: [
      { label: "nav.earlyYears", to: PUBLIC_PAGES.earlyYears.path },
      { label: "nav.primary", to: PUBLIC_PAGES.primary.path },
      { label: "nav.middle", to: PUBLIC_PAGES.middle.path },
    ],
  },
  {
    label: "nav.admissionsGroup",
    items: [ADMISSION, { label: "nav.feeStructure", to: PUBLIC_PAGES.feeStructure.path }],
  },
];

export const NAV_LINKS: NavItem[] = [{ label: "nav.courses", to: PUBLIC_PAGES.courses.path }, TEACHERS, BLOG];

/** The footer's quick links: the same pages, under the spec's shorter footer labels. */
export const FOOTER_LINKS: NavItem[] = [
  { ...ABOUT, label: "nav.aboutUs" },
  { ...ADMISSION, label: "nav.admissionsGroup" },
  TEACHERS,
  BLOG,
];
