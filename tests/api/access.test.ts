import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES, type Access, type ApiRoute } from "~/api/routes.server";
import { MESSAGES } from "~/domain/messages";
import { startTestApp, type TestApp } from "../support/app";
import {
  expectError,
  fileOfBytes,
  makeImage,
  makePdf,
  validApplication,
  validDemo,
  validTeacher,
} from "./helpers";
import { FORMS } from "~/domain/forms";
import { parseForm } from "~/services/validation";

/**
 * The access matrix: every route of the table, called by an anonymous visitor, a USER and an
 * ADMIN. Built from API_ROUTES, so a new route is covered without touching this file.
 */
let app: TestApp;
let tokens: Record<Caller, string | undefined>;
let adminId: number;

type Caller = "anonymous" | "USER" | "ADMIN";
const CALLERS: Caller[] = ["anonymous", "USER", "ADMIN"];

beforeAll(async () => {
  app = await startTestApp();
  const [user, admin] = [await app.createUser("USER"), await app.createUser("ADMIN")];
  tokens = { anonymous: undefined, USER: user.token, ADMIN: admin.token };
  adminId = admin.user.id;
});
afterAll(async () => {
  await app?.close();
});

/** A fresh record for each `:id` route, so a DELETE by one caller cannot hide a later one. */
const FIXTURES: Record<string, () => Promise<number>> = {
  blog: async () =>
    (await app.services.blog.create({ title: "Matrix post", category: "News", description: "Text" })).id,
  courses: async () =>
    (await app.services.courses.create({ title: "Matrix course", description: "Text" }, await makeImage()))
      .id,
  applications: async () =>
    (await app.services.applications.create(parseForm(FORMS.application, validApplication()))).id,
  demos: async () => (await app.services.demos.create(parseForm(FORMS.demo, validDemo()))).id,
  // An open offer to an application sent by no account: a USER's accept and decline find no offer of theirs (404).
  offers: async () => {
    const application = await app.services.applications.create(
      parseForm(FORMS.application, validApplication()),
    );
    return (await app.services.offers.offer(application.id, {}, adminId)).id;
  },
  // With a CV, so the ADMIN's download answers the file rather than "no CV".
  "teacher-applications": async () =>
    (
      await app.services.teacherApplications.create(parseForm(FORMS.teacher, validTeacher()), {
        fileName: "cv.pdf",
        bytes: makePdf(),
      })
    ).id,
};

async function concretePath(route: ApiRoute): Promise<string> {
  // A grade is named, not made: every grade always exists.
  if (route.path.includes(":grade")) return route.path.replace(":grade", "grade-3");
  if (!route.path.includes(":")) return route.path;
  const resource = route.path.split("/")[1]!;
  const fixture = FIXTURES[resource];
  if (!fixture)
    throw new Error(
      `The access matrix needs a fixture for "${resource}" (route ${route.method} ${route.path}).`,
    );
  const id = await fixture();
  return route.path.replace(/:id\b/g, String(id));
}

const allowed = (access: Access, caller: Caller) =>
  access === "public" ||
  (access === "user" && caller !== "anonymous") ||
  (access === "admin" && caller === "ADMIN");

describe("access matrix", () => {
  it("covers every route of the table", () => {
    expect(API_ROUTES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(API_ROUTES.map((route) => `${route.method} ${route.path}`)).size).toBe(API_ROUTES.length);
    expect(new Set(API_ROUTES.map((route) => route.access))).toEqual(new Set(["public", "user", "admin"]));
  });

  const cases = API_ROUTES.flatMap((route) => CALLERS.map((caller) => ({ route, caller })));

  it.each(
    cases.map(
      ({ route, caller }) =>
        [`${route.method.toUpperCase()} ${route.path}`, route.access, caller, route, caller] as const,
    ),
  )("%s (%s) as %s", async (_name, access, _callerName, route, caller) => {
    const path = await concretePath(route);
    const answer = await app.api(path, { method: route.method.toUpperCase(), token: tokens[caller] });
    if (allowed(access, caller)) {
      // The guard lets the caller through: the handler answers (success, or 400/404 for the
      // empty body), never 401/403 and never a server error.
      expect([401, 403], `${caller} was refused: ${JSON.stringify(answer.body)}`).not.toContain(
        answer.status,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    } else if (caller === "anonymous") {
      expect(expectError(answer, 401)).toEqual({ message: MESSAGES.auth.signInRequired });
    } else {
      expect(expectError(answer, 403)).toEqual({ message: MESSAGES.auth.forbidden });
    }
  });

  it("refuses before reading the body: an anonymous multipart upload to an ADMIN route gets 401", async () => {
    const form = new FormData();
    form.append("title", "x");
    form.append("image", fileOfBytes(await makeImage(), "a.png", "image/png"));
    expectError(await app.api("/blog", { method: "POST", form }), 401);
    expectError(await app.api("/blog", { method: "POST", form, token: tokens.USER }), 403);
  });
});
