import { z } from "zod";
import { GRADES } from "~/domain/grades";
import { MESSAGES } from "~/domain/messages";
import { RECORD_KINDS } from "~/domain/record-kinds";
import { applicationStatusInput, demoStatusInput } from "~/services/enquiries.server";
import { NOT_FOUND, notFound } from "~/services/errors";
import { teacherStatusInput } from "~/services/teacher-applications.server";
import { idFromUrl, parseInput } from "~/services/validation";

/*
 * Input schemas of route modules that only their loader or action uses. They live in a .server
 * module rather than the route: the browser bundle drops the loader, but a zod schema at the top
 * of a route module stays, and with it all of zod (80 KB gzip) on that page.
 */

/**
 * `?page=` as the pager writes it: plain digits without a leading zero. Six digits at most, far
 * beyond any real last page and inside what the blog service accepts; a longer number, a sign,
 * a fraction or a word is not a page of this list.
 */
export const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/)
  .transform(Number)
  .nullable();

/** The course like form: `redirectTo` is sent only by the form without JavaScript. */
export const likeForm = z.object({ redirectTo: z.string().optional() });

/**
 * The record a URL names, per kind: its id as a number, or a 404 with that record's own message.
 * The pages and /api parse ids here; the services take numbers.
 */
export const RECORD_ID = {
  blogPost: (raw: unknown) => idFromUrl(raw, MESSAGES.blog.notFound),
  course: (raw: unknown) => idFromUrl(raw, NOT_FOUND.course),
  application: (raw: unknown) => idFromUrl(raw, NOT_FOUND.application),
  demo: (raw: unknown) => idFromUrl(raw, NOT_FOUND.demo),
  mail: (raw: unknown) => idFromUrl(raw, NOT_FOUND.mail),
  message: (raw: unknown) => idFromUrl(raw, RECORD_KINDS.messages.notFound),
  teacherApplication: (raw: unknown) => idFromUrl(raw, MESSAGES.teacher.notFound),
  user: (raw: unknown) => idFromUrl(raw, MESSAGES.users.notFound),
  offer: (raw: unknown) => idFromUrl(raw, NOT_FOUND.offer),
};

/**
 * A change staff make to an account from /admin/users (issue 19), posted as the row's "status":
 * the role it should have, or whether it may be used.
 */
const ACCOUNT_CHANGES = ["ADMIN", "USER", "DISABLED", "ACTIVE"] as const;
export type AccountChange = (typeof ACCOUNT_CHANGES)[number];
const accountChangeInput = z.object({
  status: z.enum(ACCOUNT_CHANGES, { error: "Choose a change the list offers." }),
});
export const accountChange = (input: unknown) => parseInput(accountChangeInput, input).status;

/** A status change as posted, checked against that kind of record's statuses (400 otherwise). */
export const STATUS_CHANGE = {
  application: (input: unknown) => parseInput(applicationStatusInput, input),
  demo: (input: unknown) => parseInput(demoStatusInput, input),
  teacherApplication: (input: unknown) => parseInput(teacherStatusInput, input),
};

/** The grade a row of the Seats screen posts (its hidden field): 404 for none, as PUT /api/seats/{grade}. */
export function seatsGrade(raw: unknown) {
  const grade = GRADES.find((name) => name === raw);
  if (!grade) throw notFound(NOT_FOUND.grade);
  return grade;
}
