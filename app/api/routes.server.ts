import { z } from "zod";
import type { SessionUser } from "~/services/auth.server";
import { loginInput, registerInput } from "~/services/auth.server";
import { blogListQuery, blogPostInput } from "~/services/blog.server";
import { courseInput } from "~/services/courses.server";
import { detailsInput } from "~/services/details.server";
import {
  applicationInput,
  enquiryListQuery,
  applicationStatusInput,
  demoInput,
  demoStatusInput,
} from "~/services/enquiries.server";
import type { Services } from "~/services/index.server";
import { enrollmentInput } from "~/services/payments/checkout.server";
import { gradeInAddress, SEATS_NOT_FOUND, seatsAnswer, seatsInput } from "~/services/seats.server";
import { offerInput, offerListQuery } from "~/services/offers.server";
import { notFound, NOT_FOUND } from "~/services/errors";
import { isAdmin } from "~/domain/access";
import type { RateLimitName } from "~/domain/rate-limits";
import {
  teacherApplicationInput,
  teacherListQuery,
  teacherStatusInput,
  type CvUpload,
} from "~/services/teacher-applications.server";
import { parseInput } from "~/services/validation";
import { RECORD_KINDS } from "~/domain/record-kinds";
import { RECORD_ID } from "~/utils/route-input.server";
import { EXAMPLES } from "./examples.server";
import * as answers from "./schemas.server";
import type { PublicTopic } from "~/services/public-data.server";

/** Who may call a route: anyone, any signed-in user, or an ADMIN only. */
export type Access = "public" | "user" | "admin";

type RouteCall<Body = unknown, Query = unknown> = {
  services: Services;
  user: SessionUser | null;
  params: Record<string, string>;
  query: Query;
  body: Body;
  /** The uploaded `image` file's bytes, on multipart routes. */
  image: Uint8Array | undefined;
  /** The uploaded `cv` file, on the route that takes one. */
  cv: CvUpload | undefined;
};

export type ApiRoute = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Express path under /api. */
  path: string;
  /** The operation's name in /api/openapi.json: stable, clients generate code from it. */
  operationId: string;
  access: Access;
  summary: string;
  /** 200 unless stated. */
  status?: 200 | 201 | 204;
  /**
   * Accepts multipart/form-data with one optional file (JSON also accepted): `image`, checked as
   * an image, or `cv`, a PDF (app/api/router.server.ts holds each one's limits).
   */
  upload?: "image" | "cv";
  /** When the call answers 409: the state of things refuses it (nothing is changed). */
  conflict?: string;
  /** When a call with no id in its path answers 404 (one with an id answers it for no such record). */
  notFound?: string;
  /** The upload's file is required: only multipart can succeed, so the document offers no JSON. */
  fileRequired?: true;
  /** A request body that succeeds, shown in the document (a test parses it with `body`). */
  example?: Record<string, unknown>;
  /** Answers a file of this type (`handle` gives a `FileAnswer`) instead of JSON. */
  download?: "application/pdf";
  rateLimit?: RateLimitName;
  query?: z.ZodType;
  body?: z.ZodType;
  answer?: z.ZodType;
  /**
   * A public read: the public data its answer shows. Anonymous answers are then kept and sent to
   * the next anonymous callers until a write changes one of these (see public-answers.server.ts).
   */
  publicData?: readonly PublicTopic[];
  handle(call: RouteCall): Promise<unknown>;
};

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : unknown;

/**
 * A route of the table. Its `body` and `query` schemas are what `handle` receives, parsed (the
 * services take typed input); what does not parse is answered 400 with a message per field.
 */
function route<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
>(
  definition: Omit<ApiRoute, "body" | "query" | "handle"> & {
    body?: Body;
    query?: Query;
    handle: (call: RouteCall<Parsed<Body>, Parsed<Query>>) => Promise<unknown>;
  },
): ApiRoute {
  const { body, query, handle } = definition;
  return {
    ...definition,
    handle: (call) =>
      handle({
        ...call,
        body: (body ? parseInput(body, call.body) : call.body) as Parsed<Body>,
        query: (query ? parseInput(query, call.query) : call.query) as Parsed<Query>,
      }),
  };
}

const signedInUser = (call: RouteCall) => call.user!;

/** The signed-in account as the ownership rule needs it; one deleted meanwhile owns nothing. */
async function ownerOrGone(services: Services, user: SessionUser) {
  const owner = await services.offers.ownerOf(user.id);
  if (!owner) throw notFound(NOT_FOUND.offer);
  return owner;
}
const blogPostId = (params: RouteCall["params"]) => RECORD_ID.blogPost(params.id);
const courseId = (params: RouteCall["params"]) => RECORD_ID.course(params.id);
const teacherApplicationId = (params: RouteCall["params"]) => RECORD_ID.teacherApplication(params.id);

/** What staff may add to a post or a course for the site's /hi pages (issue 37). */
type HindiVersion = { titleHi: unknown; descriptionHi: unknown };

/**
 * A post or a course as the /api answers it: the fields its contract documents (decision 0038).
 * Its Hindi is for the site's /hi pages, not part of the contract, so it is left out.
 */
function documented<Row extends HindiVersion>(row: Row): Omit<Row, keyof HindiVersion> {
  const { titleHi: _titleHi, descriptionHi: _descriptionHi, ...fields } = row;
  return fields;
}

/**
 * The three operations of an enquiry (applications, demo requests): a family submits one, staff
 * list them and set a status. Paths, names and the list's summary come from the kind's registry
 * entry (app/domain/record-kinds.ts); the rest is each kind's own.
 */
function enquiryRoutes<Body extends z.ZodType, Status extends z.ZodType>(
  names: { kind: "applications" | "demos"; operation: string; rateLimit: RateLimitName; noun: string },
  texts: { submit: string; example: Record<string, unknown> },
  schemas: { body: Body; status: Status; answer: z.ZodType },
): ApiRoute[] {
  const { kind, operation, rateLimit, noun } = names;
  const path = `/${kind}`;
  /** Both are made by createEnquiryService (enquiries.server.ts): the same three methods. */
  type EnquiryService = {
    create(input: z.output<Body>, options: { userId?: number | null }): Promise<unknown>;
    list(query: z.output<typeof enquiryListQuery>): Promise<unknown>;
    updateStatus(id: number, input: z.output<Status>, actorId?: number | null): Promise<unknown>;
  };
  const service = (services: Services) => services[kind] as EnquiryService;
  const recordId = kind === "applications" ? RECORD_ID.application : RECORD_ID.demo;
  return [
    route({
      method: "post",
      path,
      operationId: `create${operation}`,
      access: "public",
      rateLimit,
      summary: texts.submit,
      status: 201,
      body: schemas.body,
      example: texts.example,
      answer: schemas.answer,
      // The route parsed `body` with `schemas.body`; a generic schema's output is not narrowed here.
      handle: ({ services, body, user }) =>
        service(services).create(body as z.output<Body>, { userId: user?.id }),
    }),
    route({
      method: "get",
      path,
      operationId: `list${operation}s`,
      access: "admin",
      summary: `${RECORD_KINDS[kind].many}, newest first (all, or a page with ?page&limit)`,
      query: enquiryListQuery,
      answer: z.array(schemas.answer),
      handle: ({ services, query }) => service(services).list(query),
    }),
    route({
      method: "patch",
      path: `${path}/:id`,
      operationId: `set${operation}Status`,
      access: "admin",
      summary: `Set ${noun}'s status (any of the four, in any order)`,
      body: schemas.status,
      example: { status: "CONTACTED" },
      answer: schemas.answer,
      handle: ({ services, params, body, user }) =>
        service(services).updateStatus(recordId(params.id), body as z.output<Status>, user?.id),
    }),
  ];
}

/** What a `download` route's `handle` gives: the file, its name and its size. */
export type FileAnswer = { fileName: string; content: Buffer; sizeBytes: number };

/**
 * The whole API contract (spec section 7) in one table: paths, access levels, payloads and
 * answers. The router, the OpenAPI document, the README's access table and the access-matrix
 * test are all built from it.
 */
export const API_ROUTES: ApiRoute[] = [
  route({
    method: "post",
    path: "/auth/register",
    operationId: "register",
    access: "public",
    summary: "Create a USER account and sign in",
    status: 201,
    rateLimit: "register",
    body: registerInput,
    example: { name: "Ravi Verma", email: "ravi.verma@example.com", password: "correct horse battery" },
    answer: answers.tokenAnswer,
    handle: async ({ services, body }) => ({ token: (await services.auth.register(body)).token }),
  }),
  route({
    method: "post",
    path: "/auth/login",
    operationId: "login",
    access: "public",
    summary: "Sign in; the token carries id, name, email and role",
    rateLimit: "login",
    body: loginInput,
    example: { email: "ravi.verma@example.com", password: "correct horse battery" },
    answer: answers.tokenAnswer,
    handle: async ({ services, body }) => ({ token: (await services.auth.login(body)).token }),
  }),
  route({
    method: "get",
    path: "/details",
    operationId: "getDetails",
    notFound: "The school's details have not been set up yet.",
    access: "public",
    publicData: ["details"],
    summary: "The school's address, email and phone",
    answer: answers.detailsAnswer,
    handle: ({ services }) => services.details.get(),
  }),
  route({
    method: "put",
    path: "/details",
    operationId: "updateDetails",
    access: "admin",
    summary: "Update the school's contact details",
    body: detailsInput,
    example: EXAMPLES.details,
    answer: answers.detailsAnswer,
    handle: ({ services, body }) => services.details.update(body),
  }),
  route({
    method: "get",
    path: "/blog",
    operationId: "listBlogPosts",
    access: "public",
    publicData: ["blog"],
    summary: "Blog posts, newest first, a page at a time",
    query: blogListQuery,
    answer: answers.blogPageAnswer,
    handle: async ({ services, query }) => {
      const page = await services.blog.list(query);
      return { ...page, posts: page.posts.map(documented) };
    },
  }),
  route({
    method: "get",
    path: "/blog/:id",
    operationId: "getBlogPost",
    access: "public",
    publicData: ["blog"],
    summary: "One blog post",
    answer: answers.blogPostAnswer,
    handle: async ({ services, params }) => documented(await services.blog.get(blogPostId(params))),
  }),
  route({
    method: "post",
    path: "/blog",
    operationId: "createBlogPost",
    access: "admin",
    summary: "Create a blog post (optional image)",
    status: 201,
    upload: "image",
    body: blogPostInput,
    example: EXAMPLES.blogPost,
    answer: answers.blogPostAnswer,
    handle: async ({ services, body, image }) => documented(await services.blog.create(body, image)),
  }),
  route({
    method: "put",
    path: "/blog/:id",
    operationId: "updateBlogPost",
    access: "admin",
    summary: "Update a blog post; the image changes only when a file is sent",
    upload: "image",
    body: blogPostInput,
    example: EXAMPLES.blogPost,
    answer: answers.blogPostAnswer,
    handle: async ({ services, params, body, image }) =>
      documented(await services.blog.update(blogPostId(params), body, image)),
  }),
  route({
    method: "delete",
    path: "/blog/:id",
    operationId: "deleteBlogPost",
    access: "admin",
    summary: "Delete a blog post and its image",
    status: 204,
    handle: ({ services, params }) => services.blog.remove(blogPostId(params)),
  }),
  route({
    method: "get",
    path: "/courses",
    operationId: "listCourses",
    access: "public",
    publicData: ["courses"],
    summary: "All courses with like counts; isLiked is for the bearer (false when anonymous)",
    answer: z.array(answers.courseAnswer),
    handle: async ({ services, user }) => (await services.courses.list(user?.id)).map(documented),
  }),
  route({
    method: "get",
    path: "/courses/:id",
    operationId: "getCourse",
    access: "public",
    publicData: ["courses"],
    summary: "One course with its like count",
    answer: answers.courseAnswer,
    handle: async ({ services, params, user }) =>
      documented(await services.courses.get(courseId(params), user?.id)),
  }),
  route({
    method: "post",
    path: "/courses",
    operationId: "createCourse",
    access: "admin",
    summary: "Create a course (image required)",
    status: 201,
    upload: "image",
    fileRequired: true,
    body: courseInput,
    example: EXAMPLES.course,
    answer: answers.courseAnswer,
    handle: async ({ services, body, image }) => documented(await services.courses.create(body, image)),
  }),
  route({
    method: "put",
    path: "/courses/:id",
    operationId: "updateCourse",
    access: "admin",
    summary: "Update a course; without a file the image stays",
    upload: "image",
    body: courseInput,
    example: EXAMPLES.course,
    answer: answers.courseAnswer,
    handle: async ({ services, params, body, image, user }) =>
      documented(await services.courses.update(courseId(params), body, image, user?.id)),
  }),
  route({
    method: "delete",
    path: "/courses/:id",
    operationId: "deleteCourse",
    access: "admin",
    summary: "Delete a course and its image",
    status: 204,
    handle: ({ services, params }) => services.courses.remove(courseId(params)),
  }),
  route({
    method: "post",
    path: "/courses/:id/like",
    operationId: "toggleCourseLike",
    access: "user",
    summary: "Like or unlike a course; answers the new state",
    answer: answers.likeStateAnswer,
    handle: (call) => call.services.courses.toggleLike(courseId(call.params), signedInUser(call).id),
  }),
  ...enquiryRoutes(
    { kind: "applications", operation: "Application", rateLimit: "application", noun: "an application" },
    { submit: "Submit an admission application (status PENDING)", example: EXAMPLES.application },
    { body: applicationInput, status: applicationStatusInput, answer: answers.applicationAnswer },
  ),
  ...enquiryRoutes(
    { kind: "demos", operation: "DemoRequest", rateLimit: "demo", noun: "a demo request" },
    { submit: "Book a free demo class (status PENDING)", example: EXAMPLES.demo },
    { body: demoInput, status: demoStatusInput, answer: answers.demoAnswer },
  ),
  route({
    method: "post",
    path: "/teacher-applications",
    operationId: "createTeacherApplication",
    access: "public",
    rateLimit: "teacher",
    summary:
      "Register as a teacher (status NEW), with an optional CV: a PDF of at most 5 MB, as the multipart file `cv`",
    status: 201,
    upload: "cv",
    body: teacherApplicationInput,
    example: EXAMPLES.teacher,
    answer: answers.teacherApplicationAnswer,
    handle: ({ services, body, cv }) => services.teacherApplications.create(body, cv),
  }),
  route({
    method: "get",
    path: "/teacher-applications",
    operationId: "listTeacherApplications",
    access: "admin",
    summary: "Teacher applications, newest first (all, or a page with ?page&limit); never the CV itself",
    query: teacherListQuery,
    answer: z.array(answers.teacherApplicationAnswer),
    handle: ({ services, query }) => services.teacherApplications.list(query),
  }),
  route({
    method: "patch",
    path: "/teacher-applications/:id",
    operationId: "setTeacherApplicationStatus",
    access: "admin",
    summary: "Set a teacher application's status (any of the five, in any order)",
    body: teacherStatusInput,
    example: { status: "SHORTLISTED" },
    answer: answers.teacherApplicationAnswer,
    handle: ({ services, params, body, user }) =>
      services.teacherApplications.setStatus(teacherApplicationId(params), body, user?.id),
  }),
  route({
    method: "get",
    path: "/teacher-applications/:id/cv",
    operationId: "downloadTeacherApplicationCv",
    access: "admin",
    summary: "A teacher application's CV, as a PDF download (404 when it came without one)",
    download: "application/pdf",
    handle: ({ services, params }): Promise<FileAnswer> =>
      services.teacherApplications.cv(teacherApplicationId(params)),
  }),
  route({
    method: "get",
    path: "/grades",
    operationId: "listGrades",
    access: "public",
    publicData: ["grades"],
    summary: "Each grade with its yearly fee in rupees",
    answer: z.array(answers.gradeFeeAnswer),
    handle: ({ services }) => services.grades.list(),
  }),
  route({
    method: "get",
    path: "/seats",
    operationId: "listSeats",
    access: "public",
    publicData: ["grades"],
    summary:
      "Each grade's seats: how many, how many reserved under the RTE Act, offered, admitted, free and waiting (no personal data)",
    answer: z.array(answers.gradeSeatsAnswer),
    handle: async ({ services }) => (await services.seats.summary()).map(seatsAnswer),
  }),
  route({
    method: "put",
    path: "/seats/:grade",
    operationId: "setSeats",
    access: "admin",
    summary:
      "Set a grade's seats and its seats reserved under the RTE Act. The grade is its name (Grade 2) or slug (grade-2); 400 when the open seats would be fewer than those already offered plus admitted",
    notFound: SEATS_NOT_FOUND,
    body: seatsInput,
    example: { seats: 40, reserved: 10 },
    answer: answers.gradeSeatsAnswer,
    handle: async ({ services, params, body, user }) =>
      seatsAnswer(await services.seats.set(gradeInAddress(params.grade), body, user!.id)),
  }),
  route({
    method: "post",
    path: "/applications/:id/offer",
    operationId: "offerSeat",
    conflict:
      "No seat of the grade is free, the application already has an open offer, or it is approved or rejected.",
    access: "admin",
    summary:
      "Offer the application a seat of its grade, held until `expiresAt` (a date: the end of that day in India; a moment with its offset; left out: 7 days). The family is mailed. 409 when no seat is free, when it already has an open offer, or when it is approved or rejected",
    status: 201,
    body: offerInput,
    example: { expiresAt: "2026-12-04" },
    answer: answers.offerAnswer,
    handle: ({ services, params, body, user }) =>
      services.offers.offer(RECORD_ID.application(params.id), body, user!.id),
  }),
  route({
    method: "post",
    path: "/applications/:id/waitlist",
    operationId: "waitlistApplication",
    conflict: "The application holds an open offer, or it is approved or rejected.",
    access: "admin",
    summary:
      "Put the application on its grade's waitlist: its position (the same again when it already waits). The family is mailed; the first waiting is offered each seat that frees. 409 when it holds an open offer, or is approved or rejected",
    answer: answers.waitlistPlaceAnswer,
    handle: ({ services, params, user }) =>
      services.offers.waitlist(RECORD_ID.application(params.id), user!.id),
  }),
  route({
    method: "delete",
    path: "/applications/:id/waitlist",
    operationId: "removeFromWaitlist",
    conflict: "The application is not on a waitlist.",
    access: "admin",
    summary:
      "Take the application off its grade's waitlist; those after it move up. 409 when it is not waiting",
    status: 204,
    handle: ({ services, params, user }) =>
      services.offers.leaveWaitlist(RECORD_ID.application(params.id), user!.id),
  }),
  route({
    method: "get",
    path: "/offers",
    operationId: "listOffers",
    access: "user",
    summary:
      "Seat offers, newest first: every one for an ADMIN (optionally `?status=` and `?grade=`); a signed-in parent gets only the offers to their own applications",
    query: offerListQuery,
    answer: z.array(answers.offerAnswer),
    handle: async ({ services, user, query }) =>
      isAdmin(user) ? services.offers.list(query) : (await services.offers.forUser(user!.id)).offers,
  }),
  route({
    method: "post",
    path: "/offers/:id/accept",
    operationId: "acceptOffer",
    conflict: "The offer is no longer open: accepted, declined, withdrawn or expired.",
    access: "user",
    summary:
      "Accept an open offer to one of your own applications: the order for the grade's fee (made once) and how to pay it, as create-order answers. Paid before it expires, the child is admitted. 404 for an offer that is not yours; 409 when it is no longer open",
    status: 201,
    answer: z.object({ order: answers.orderAnswer, payment: answers.paymentStepAnswer }),
    handle: async ({ services, params, user }) =>
      services.offers.accept(RECORD_ID.offer(params.id), {
        owner: await ownerOrGone(services, user!),
        language: "en",
      }),
  }),
  route({
    method: "post",
    path: "/offers/:id/decline",
    operationId: "declineOffer",
    conflict: "The offer is no longer open: accepted, declined, withdrawn or expired.",
    access: "user",
    summary:
      "Decline an open offer: the family (their own offer) or an ADMIN for them. Its seat goes to the waitlist. 409 when it is no longer open",
    answer: answers.offerAnswer,
    handle: async ({ services, params, user }) =>
      services.offers.decline(
        RECORD_ID.offer(params.id),
        isAdmin(user) ? { actorId: user!.id } : { owner: await ownerOrGone(services, user!) },
      ),
  }),
  route({
    method: "post",
    path: "/offers/:id/withdraw",
    operationId: "withdrawOffer",
    conflict: "The offer is no longer open: accepted, declined, withdrawn or expired.",
    access: "admin",
    summary:
      "Withdraw an open offer (staff): the family is mailed, its seat goes to the waitlist. 409 when it is no longer open",
    answer: answers.offerAnswer,
    handle: ({ services, params, user }) => services.offers.withdraw(RECORD_ID.offer(params.id), user!.id),
  }),
  route({
    method: "post",
    path: "/tuition/create-order",
    operationId: "createOrder",
    conflict:
      "The grade has no free seat: every open seat is taken, offered or being paid for (nothing is stored).",
    access: "public",
    rateLimit: "enrollment",
    summary:
      "Enroll in a grade; the amount is the grade's fee (paise). With Razorpay the order is CREATED and `payment` says how the payer pays it",
    status: 201,
    body: enrollmentInput,
    example: EXAMPLES.enrollment,
    answer: z.object({ order: answers.orderAnswer, payment: answers.paymentStepAnswer }),
    handle: ({ services, body, user }) => services.orders.createOrder(body, { userId: user?.id }),
  }),
  route({
    method: "get",
    path: "/tuition/orders",
    operationId: "listPaidOrders",
    access: "admin",
    summary: "Successful (PAID) orders, newest first",
    answer: z.array(answers.orderAnswer),
    handle: ({ services }) => services.orders.listPaid(),
  }),
  route({
    method: "get",
    path: "/users",
    operationId: "listUsers",
    access: "admin",
    summary: "Registered users (never a password hash)",
    answer: z.array(answers.userAnswer),
    handle: ({ services }) => services.auth.listUsers(),
  }),
];
