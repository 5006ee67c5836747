/** The school's identity in one place so a rename touches one file. */
export const SCHOOL = {
  name: "Zipat",
  fullName: "Zipat Online School",
  tagline: "Happy Students, Happy Parents",
  session: "2025-26",
} as const;
