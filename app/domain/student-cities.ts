/**
 * Where our students learn from, in the order the school lists them (the spec's home page):
 * the home page's carousel shows them, and its browser test reads them here.
 */
export const STUDENT_CITIES = [
  "Chennai",
  "Pune",
  "Hyderabad",
  "Coimbatore",
  "Surat",
  "Mumbai",
  "Bangalore",
  "Delhi",
  "Visakhapatnam",
  "Gurugram",
] as const;
