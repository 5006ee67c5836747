import { describe, expect, it } from "vitest";
import {
  AGE_CHECK_MESSAGES,
  ageCheckSummary,
  ageOn,
  ageWarning,
  checkAge,
  defaultAcademicYearStart,
  dobProblem,
  gradeFits,
} from "~/domain/age-check";
import { AGE_ELIGIBILITY, AGE_RANGES, GRADES, type Grade } from "~/domain/grades";
import { programAges, PROGRAMS } from "~/domain/programs";

const START = "2025-06-01";

/** The day `years` before START (its birthday falls on START), or the day after that. */
const bornYearsBefore = (years: number, dayAfter = false) => `${2025 - years}-06-${dayAfter ? "02" : "01"}`;

describe("the age-eligibility table", () => {
  it("is the spec's, in the spec's words (the admissions page reads these)", () => {
    expect(AGE_ELIGIBILITY).toEqual({
      Nursery: "3 years and above",
      Kindergarten: "4 years or more and under 6 years",
      "Grade 1": "5 years to under 7 years",
      "Grade 2": "6 years to under 8 years",
      "Grade 3": "7 years to under 9 years",
      "Grade 4": "8 years to under 10 years",
      "Grade 5": "9 years to under 11 years",
      "Grade 6": "10 years to under 12 years",
      "Grade 7": "11 years to under 13 years",
      "Grade 8": "12 years to under 14 years",
    });
    expect(programAges(PROGRAMS.earlyYears)).toBe("3+ years");
  });
});

describe("the academic year's start", () => {
  it("is 1 June of the session's first year unless set", () => {
    expect(defaultAcademicYearStart("2025-26")).toBe("2025-06-01");
    expect(defaultAcademicYearStart("2031-32")).toBe("2031-06-01");
    expect(defaultAcademicYearStart()).toMatch(/^\d{4}-06-01$/);
  });
});

describe("age on a day", () => {
  it.each([
    ["2018-06-01", "2025-06-01", { years: 7, months: 0 }],
    ["2018-06-02", "2025-06-01", { years: 6, months: 11 }],
    ["2018-05-31", "2025-06-01", { years: 7, months: 0 }],
    ["2018-01-31", "2025-06-01", { years: 7, months: 4 }],
    ["2018-01-31", "2025-02-28", { years: 7, months: 0 }],
    ["2025-06-01", "2025-06-01", { years: 0, months: 0 }],
  ])("born %s, on %s", (dob, day, age) => {
    expect(ageOn(dob, day)).toEqual(age);
  });

  it("is none before the child is born", () => {
    expect(ageOn("2025-06-02", "2025-06-01")).toBeNull();
  });

  it("counts a 29 February birthday on 1 March in common years, on the day in leap years", () => {
    expect(ageOn("2020-02-29", "2025-02-28")).toEqual({ years: 4, months: 11 });
    expect(ageOn("2020-02-29", "2025-03-01")).toEqual({ years: 5, months: 0 });
    expect(ageOn("2016-02-29", "2024-02-28")).toEqual({ years: 7, months: 11 });
    expect(ageOn("2016-02-29", "2024-02-29")).toEqual({ years: 8, months: 0 });
  });
});

describe.each(GRADES.map((grade) => ({ grade, ...AGE_RANGES[grade] })))(
  "$grade ($from to under $under)",
  ({ grade, from, under }) => {
    const fits = (dob: string, start = START) => checkAge(dob, grade, start).fits;

    it(`does not fit the day before the ${from}th birthday, fits on the day`, () => {
      expect(fits(bornYearsBefore(from, true))).toBe(false);
      expect(fits(bornYearsBefore(from))).toBe(true);
    });

    if (under === undefined) {
      it("has no upper age (spec: 3 years and above)", () => {
        expect(fits(bornYearsBefore(17))).toBe(true);
      });
    } else {
      it(`fits the day before the ${under}th birthday, not on the day`, () => {
        expect(fits(bornYearsBefore(under, true))).toBe(true);
        expect(fits(bornYearsBefore(under))).toBe(false);
      });
    }

    it("counts a leap-day birthday on 1 March when the year starts in a common year", () => {
      const leapYearBorn = `${2024 - 4 * Math.ceil(from / 4)}-02-29`;
      const yearsOld = Number(2025) - Number(leapYearBorn.slice(0, 4));
      // On 28 February the child is still a year younger; on 1 March the birthday has come.
      expect(ageOn(leapYearBorn, "2025-02-28")!.years).toBe(yearsOld - 1);
      expect(ageOn(leapYearBorn, "2025-03-01")!.years).toBe(yearsOld);
      expect(checkAge(leapYearBorn, grade, "2025-03-01").fits).toBe(
        gradeFits(grade, { years: yearsOld, months: 0 }),
      );
    });
  },
);

describe("leap-day birthdays at a grade's boundary", () => {
  it("Grade 1 (from 5): born 29 Feb 2020, the year starting 28 Feb 2025 or 1 Mar 2025", () => {
    expect(checkAge("2020-02-29", "Grade 1", "2025-02-28").fits).toBe(false);
    expect(checkAge("2020-02-29", "Grade 1", "2025-03-01").fits).toBe(true);
  });
  it("Grade 2 (under 8): born 29 Feb 2016, the year starting 28 Feb 2024 or on 29 Feb 2024", () => {
    expect(checkAge("2016-02-29", "Grade 2", "2024-02-28").fits).toBe(true);
    expect(checkAge("2016-02-29", "Grade 2", "2024-02-29").fits).toBe(false);
  });
});

describe("the grades a child fits", () => {
  it.each<[string, Grade[]]>([
    [bornYearsBefore(2), []],
    [bornYearsBefore(3), ["Nursery"]],
    [bornYearsBefore(4), ["Nursery", "Kindergarten"]],
    [bornYearsBefore(7), ["Nursery", "Grade 2", "Grade 3"]],
    [bornYearsBefore(13), ["Nursery", "Grade 8"]],
    [bornYearsBefore(14), ["Nursery"]],
  ])("born %s: %j", (dob, grades) => {
    const check = checkAge(dob, "Grade 5", START);
    expect(check.grades).toEqual(grades);
    expect(check.fits).toBe(grades.includes("Grade 5"));
  });

  it("answers the age on the start date", () => {
    expect(checkAge("2018-04-12", "Grade 1", START)).toEqual({
      fits: false,
      grades: ["Nursery", "Grade 2", "Grade 3"],
      ageOnStart: { years: 7, months: 1 },
    });
  });
});

describe("dates of birth that cannot be right", () => {
  const TODAY = "2025-03-10";
  it.each([
    ["tomorrow", "2025-03-11", AGE_CHECK_MESSAGES.future],
    ["today", TODAY, AGE_CHECK_MESSAGES.future],
    ["next year", "2026-01-01", AGE_CHECK_MESSAGES.future],
    ["born before today but after the start", "2024-12-01", AGE_CHECK_MESSAGES.tooYoung(START)],
    ["under 2 on the start date by a day", "2023-06-02", AGE_CHECK_MESSAGES.tooYoung(START)],
  ])("%s is an error", (_label, dob, message) => {
    expect(dobProblem(dob, START, TODAY)).toBe(message);
  });

  it("a child of 2 on the start date is not (a mismatch at most)", () => {
    expect(dobProblem("2023-06-01", START, TODAY)).toBeUndefined();
    expect(checkAge("2023-06-01", "Nursery", START)).toMatchObject({ fits: false, grades: [] });
  });

  it("names the start date in the message", () => {
    expect(AGE_CHECK_MESSAGES.tooYoung(START)).toContain("younger than 2 on 1 June 2025");
  });
});

describe("the warning", () => {
  const warn = (dob: string, grade: Grade, today: string) =>
    ageWarning({
      check: checkAge(dob, grade, START),
      grade,
      studentName: " Asha Verma",
      start: START,
      today,
    });

  it("names the age on the start date, the grades that fit and the grade chosen", () => {
    expect(warn("2018-06-01", "Grade 5", "2025-03-10")).toBe(
      "On 1 June 2025 Asha will be 7 years old: that fits Nursery, Grade 2 or Grade 3, not Grade 5.",
    );
    expect(warn("2018-04-12", "Grade 1", "2025-07-01")).toBe(
      "On 1 June 2025 Asha was 7 years and 1 month old: that fits Nursery, Grade 2 or Grade 3, not Grade 1.",
    );
    expect(warn("2022-12-01", "Kindergarten", "2025-03-10")).toBe(
      "On 1 June 2025 Asha will be 2 years and 6 months old: too young for every grade (Nursery takes children from 3 years).",
    );
  });

  it("says 'your child' before a name is typed", () => {
    expect(
      ageWarning({
        check: checkAge("2021-06-01", "Grade 1", START),
        grade: "Grade 1",
        studentName: "",
        start: START,
        today: "2025-01-01",
      }),
    ).toBe("On 1 June 2025 your child will be 4 years old: that fits Nursery or Kindergarten, not Grade 1.");
  });

  it("sums it up for staff", () => {
    expect(ageCheckSummary(checkAge("2018-04-12", "Grade 1", START))).toBe(
      "7 years and 1 month when the year starts: fits Nursery, Grade 2 or Grade 3",
    );
  });
});
