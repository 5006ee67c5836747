import { z } from "zod";
import { HEARD_ABOUT } from "~/domain/enquiry-sources";
import { GRADES } from "~/domain/grades";
import {
  APPLICATION_STATUSES,
  DEMO_STATUSES,
  OFFER_STATUSES,
  ORDER_STATUSES,
  TEACHER_APPLICATION_STATUSES,
} from "~/domain/statuses";

/**
 * The shapes the API answers, as JSON on the wire (dates are ISO strings). They document the
 * contract in /api/openapi.json, and the API tests check every answer against them.
 */
const timestamp = z.iso.datetime({ offset: true });
const id = z.number().int().positive();

export const errorAnswer = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const tokenAnswer = z.object({ token: z.string() });

export const detailsAnswer = z.object({ address: z.string(), email: z.string(), phone: z.string() });

/** Issue 19: null (not the title) when none was given, so a client can tell the two apart. */
const imageAlt = z
  .string()
  .nullable()
  .describe(
    "The image's description, its alt text. null: none was given, and the site uses the title as the alt.",
  );

export const blogPostAnswer = z.object({
  id,
  title: z.string(),
  category: z.string(),
  description: z.string(),
  imageUrl: z.string().startsWith("/uploads/").nullable(),
  imageAlt,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const blogPageAnswer = z.object({
  posts: z.array(blogPostAnswer),
  totalPages: z.number().int().min(0),
  currentPage: z.number().int().min(1),
});

export const likeStateAnswer = z.object({
  isLiked: z.boolean(),
  _count: z.object({ likes: z.number().int().min(0) }),
});

export const courseAnswer = likeStateAnswer.extend({
  id,
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().startsWith("/uploads/"),
  imageAlt,
  createdAt: timestamp,
});

const mobile = z.string().regex(/^\+91[6-9]\d{9}$/);

/** Where the enquiry came from (issue 40), as it was sent: null when nothing was. */
const source = {
  utmSource: z.string().nullable().describe("The campaign's utm_source of the page the family arrived on."),
  utmMedium: z.string().nullable().describe("The campaign's utm_medium."),
  utmCampaign: z.string().nullable().describe("The campaign's utm_campaign."),
  referrerHost: z.string().nullable().describe("The other site that sent the family (its host name)."),
  heardAbout: z
    .enum(HEARD_ABOUT)
    .nullable()
    .describe('The family\'s answer to "How did you hear about us?".'),
  heardAboutOther: z.string().nullable().describe('Their own words for "Other".'),
};

/** How staff handled the enquiry (issue 40): the columns of its handling the answer carries. */
const handling = {
  firstContactedAt: timestamp
    .nullable()
    .describe("When staff first moved it on from its first status; null: not yet."),
  mergedIntoId: id.nullable().describe("The record it was merged into, when staff merged it into another."),
};

export const applicationAnswer = z.object({
  id,
  studentName: z.string(),
  dob: z.iso.date(),
  grade: z.enum(GRADES),
  parentName: z.string(),
  mobile,
  email: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  ageCheckFailed: z
    .boolean()
    .describe(
      "Set when the grade did not fit the child's age on the academic year's start as the application was sent (stored; staff see an \"Age check\" flag).",
    ),
  ageCheck: z
    .object({
      fits: z.boolean().describe("Whether the grade's age range takes the child."),
      grades: z.array(z.enum(GRADES)).describe("Every grade whose age range takes the child."),
      ageOnStart: z
        .object({ years: z.number().int().min(0), months: z.number().int().min(0).max(11) })
        .describe("The child's age on the academic year's first day (ACADEMIC_YEAR_START)."),
    })
    .describe(
      "The date of birth against the age-eligibility table. A mismatch is not refused: the application is stored with ageCheckFailed.",
    ),
  ...source,
  ...handling,
  createdAt: timestamp,
});

export const demoAnswer = z.object({
  id,
  parentName: z.string(),
  studentName: z.string(),
  grade: z.enum(GRADES),
  mobile,
  email: z.string(),
  preferredDateTime: z.string(),
  status: z.enum(DEMO_STATUSES),
  ...source,
  ...handling,
  createdAt: timestamp,
});

export const teacherApplicationAnswer = z.object({
  id,
  name: z.string(),
  city: z.string(),
  mobile,
  email: z.string(),
  experience: z.string(),
  message: z.string().describe("Empty when the teacher wrote none."),
  status: z.enum(TEACHER_APPLICATION_STATUSES),
  hasCv: z.boolean().describe("Whether a CV came with it: GET /teacher-applications/{id}/cv downloads it."),
  cvFileName: z.string().nullable().describe("The CV's file name as sent (made safe; always ending .pdf)."),
  cvSizeBytes: z.number().int().positive().nullable(),
  createdAt: timestamp,
});

export const orderAnswer = z.object({
  id: z.uuid(),
  studentName: z.string(),
  parentName: z.string(),
  grade: z.enum(GRADES),
  email: z.string(),
  mobile,
  amount: z.number().int().positive().describe("Paise (rupees x 100)."),
  currency: z.literal("INR"),
  status: z.enum(ORDER_STATUSES),
  transactionId: z.string().nullable(),
  createdAt: timestamp,
  paidAt: timestamp.nullable(),
});

export const paymentStepAnswer = z
  .object({
    gateway: z.string().describe('"razorpay", or "test" (payments simulated: the order is PAID at once).'),
    status: z.enum(ORDER_STATUSES),
    payUrl: z
      .url()
      .describe(
        "The payer's page for this order: checkout while unpaid, confirmation once paid. Send the payer here.",
      ),
    receiptUrl: z.url().nullable().describe("The printable receipt, once paid."),
    checkout: z
      .object({
        action: z.url(),
        method: z.literal("POST"),
        fields: z.record(z.string(), z.string()),
      })
      .nullable()
      .describe(
        "Razorpay's hosted checkout: an HTML form posting these fields to `action` opens it (null when paid or when the gateway could not be reached).",
      ),
    message: z
      .string()
      .nullable()
      .describe(
        "Set when the gateway could not be reached: the order is kept and can be paid later at payUrl.",
      ),
  })
  .describe("What follows the enrollment: the way to pay it.");

export const userAnswer = z.object({ id, name: z.string(), email: z.string(), createdAt: timestamp });

export const gradeSeatsAnswer = z.object({
  grade: z.enum(GRADES),
  seats: z
    .number()
    .int()
    .nonnegative()
    .describe("Every seat of the grade in the admission session, the reserved ones included."),
  reserved: z
    .number()
    .int()
    .nonnegative()
    .describe(
      "Kept for admissions under the RTE Act, section 12(1)(c) (the state's lottery); never open to others.",
    ),
  offered: z
    .number()
    .int()
    .nonnegative()
    .describe("Seats held by an open offer to an application, until it is paid, declined or expires."),
  admitted: z.number().int().nonnegative().describe("Seats taken for good: enrollments paid for."),
  available: z
    .number()
    .int()
    .nonnegative()
    .describe(
      "Open seats (seats less reserved) neither admitted nor offered, nor held for a parent paying at the fee page's checkout (30 minutes).",
    ),
  waitlisted: z.number().int().nonnegative().describe("Applications waiting on the grade's waitlist."),
});

export const offerAnswer = z.object({
  id: z.number().int().positive(),
  applicationId: z.number().int().positive(),
  grade: z.enum(GRADES).describe("The grade the seat is in: the application's when it was offered."),
  status: z
    .enum(OFFER_STATUSES)
    .describe(
      "OFFERED holds the seat until expiresAt; ACCEPTED once the fee is paid (the child is admitted); DECLINED, EXPIRED or WITHDRAWN free it.",
    ),
  expiresAt: timestamp.describe("When the seat stops being held unless paid for."),
  createdAt: timestamp,
  decidedAt: timestamp.nullable().describe("When it stopped being OFFERED."),
  studentName: z.string(),
  orderId: z.uuid().nullable().describe("The order made by accepting it, once accepted."),
});

export const waitlistPlaceAnswer = z.object({
  applicationId: z.number().int().positive(),
  grade: z.enum(GRADES),
  position: z
    .number()
    .int()
    .positive()
    .describe("1 is next: the waiting applications of the grade, in the order they joined."),
});

export const gradeFeeAnswer = z.object({
  grade: z.enum(GRADES),
  fee: z.number().int().positive().describe("Rupees per year."),
});
