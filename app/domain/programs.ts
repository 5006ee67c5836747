import { AGE_RANGES, GRADES, type Grade } from "./grades";

export type Program = {
  /** Its key in PROGRAMS, which also names its texts (`program.{key}.name` in texts/content.ts). */
  key: "earlyYears" | "primary" | "middle";
  path: string;
  /** The program's own name, e.g. "Early Years". */
  name: string;
  /** The grades it covers as parents read them (spec section 2). */
  grades: string;
  /** Its grades, in teaching order. */
  members: readonly Grade[];
};

const between = (first: Grade, last: Grade) => GRADES.slice(GRADES.indexOf(first), GRADES.indexOf(last) + 1);

/** The three programs (spec sections 2 and 9): the same grades and ages on every page. */
export const PROGRAMS = {
  earlyYears: {
    key: "earlyYears",
    path: "/programs/early-years",
    name: "Early Years",
    grades: "Nursery & K.G.",
    members: between("Nursery", "Kindergarten"),
  },
  primary: {
    key: "primary",
    path: "/programs/primary",
    name: "Primary",
    grades: "Grade 1 to 5",
    members: between("Grade 1", "Grade 5"),
  },
  middle: {
    key: "middle",
    path: "/programs/middle",
    name: "Middle School",
    grades: "Grade 6 to 8",
    members: between("Grade 6", "Grade 8"),
  },
} as const satisfies Record<string, Program>;

/**
 * "3+ years": the youngest age of the program's first grade, read from the age-eligibility table
 * so the two can never disagree.
 */
export function programAges(program: Program): string {
  return `${programFromAge(program)}+ years`;
}

/** The youngest age of the program's first grade (3 for the early years). */
export function programFromAge(program: Program): number {
  return AGE_RANGES[program.members[0]!].from;
}

/** How many careers middle-school students meet (spec section 1: "100+ careers"). */
export const CAREERS_EXPLORED = "100+";

/** Every grade the school teaches, as one phrase: "Nursery to Grade 8". */
export const ALL_GRADES = `${GRADES[0]} to ${GRADES[GRADES.length - 1]}`;
