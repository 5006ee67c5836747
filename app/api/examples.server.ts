import { defaultAcademicYearStart } from "~/domain/age-check";
import { PRIVACY_NOTICE_VERSION } from "~/domain/privacy";

/** Seven years old on the academic year's first day: Grade 2 takes the child (app/domain/age-check.ts). */
function sevenOnTheYearsStart(): string {
  const start = new Date(`${defaultAcademicYearStart()}T00:00:00Z`);
  start.setUTCFullYear(start.getUTCFullYear() - 7);
  return start.toISOString().slice(0, 10);
}

const consent = { consent: true, noticeVersion: PRIVACY_NOTICE_VERSION };

/**
 * Request bodies that succeed, one per kind, shown in /api/openapi.json beside each body's
 * schema. tests/api/openapi.test.ts parses each with the route's own schema, so they cannot go stale.
 */
export const EXAMPLES = {
  details: {
    address: "12 Marine Drive, Kochi, Kerala 682031",
    email: "office@zipat.example",
    phone: "+91 484 123 4567",
  },
  blogPost: {
    title: "Annual day 2025",
    category: "Events",
    description: "Our students sang, danced and staged a play about the monsoon.",
    imageAlt: "Grade 3 on stage in raincoats",
  },
  course: {
    title: "Clay modelling",
    description: "Shapes, pots and animals in air-dry clay, for Grades 1 to 4.",
    imageAlt: "A child's clay elephant",
  },
  application: {
    studentName: "Asha Verma",
    dob: sevenOnTheYearsStart(),
    grade: "Grade 2",
    parentName: "Ravi Verma",
    mobile: "+91 98765 43210",
    email: "ravi.verma@example.com",
    ...consent,
  },
  demo: {
    parentName: "Meena Iyer",
    studentName: "Kabir Iyer",
    grade: "Kindergarten",
    mobile: "+91 91234 56789",
    email: "meena@example.com",
    preferredDateTime: "Saturday at 10 AM",
    ...consent,
  },
  teacher: {
    name: "Priya Nair",
    city: "Kochi",
    mobile: "+91 98470 12345",
    email: "priya.nair@example.com",
    experience: "6 years teaching Grade 3 to 5 mathematics",
    message: "I teach with stories and puzzles.",
    ...consent,
  },
  enrollment: {
    studentName: "Diya Shah",
    parentName: "Neel Shah",
    mobile: "+91 87654 32109",
    email: "neel.shah@example.com",
    grade: "Grade 5",
    ...consent,
  },
};
