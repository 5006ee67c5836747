/** The school's public claims (spec section 1), one home each so every page says the same. */
export const ACCREDITATION = {
  body: "a US-based accrediting consortium",
  standing: "the largest in the world",
  schools: "40,000",
  countries: 85,
} as const;

export const ACCREDITATION_SUMMARY = `${ACCREDITATION.body}, ${ACCREDITATION.standing}, with over ${ACCREDITATION.schools} schools in ${ACCREDITATION.countries} countries`;

const EXTRACURRICULARS = [
  "Counselling",
  "Yoga",
  "Music",
  "Art",
  "Dance",
  "Story-telling",
  "Coding",
  "Cultural exchanges",
] as const;

/** "counselling, yoga, … coding and cultural exchanges", for running text. */
export const EXTRACURRICULARS_PHRASE =
  `${EXTRACURRICULARS.slice(0, -1).join(", ")} and ${EXTRACURRICULARS.at(-1)}`.toLowerCase();

/** What a parent can follow of their child's learning. */
export const PARENT_MONITORING = "time spent on each topic, page and module";

/** Admission is confirmed within this many working days after payment (spec sections 1 and 9). */
export const CONFIRMATION_WORKING_DAYS = 2;

/**
 * The admission process of spec section 1, in its four steps: the admissions page shows them and
 * the application-received mail lists them, so both say the same.
 */
export const ADMISSION_STEPS: readonly { readonly title: string; readonly text: string }[] = [
  {
    title: "Open the admission form",
    text: "Start your application online: it takes about two minutes and asks only for the essentials.",
  },
  {
    title: "Submit it and go to payment",
    text: "Check your child's details, submit the form and continue to the payment step.",
  },
  {
    title: "Pay the admission fee",
    text: "Pay securely by credit card, debit card or online banking. A confirmation email follows.",
  },
  {
    title: "Receive confirmation of admission",
    text: `Our admissions team confirms your child's admission within ${CONFIRMATION_WORKING_DAYS} working days.`,
  },
];
