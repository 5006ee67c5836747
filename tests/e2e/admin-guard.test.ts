import { MESSAGES } from "~/domain/messages";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedImageBase } from "~/domain/image-variants";
import { storedImages } from "../../db/schema";
import { makeImage, makePdf, multipart, validTeacher } from "../api/helpers";
import { callApi } from "../support/app";
import { CONSENT_FIELDS, postForm } from "../support/forms";
import { registerUser } from "../support/browser";
import { withStoppedServerDatabase, type RunningServer } from "../support/server";
import { E2E_ADMIN, startSite } from "../support/site";

/** Records the guard tests try to change; `:post`, `:course`, `:order` and `:teacher` in the paths below stand for four of them. */
type Fixtures = {
  applicationId: number;
  demoId: number;
  post: number;
  course: number;
  order: string;
  teacher: number;
};

/**
 * Every admin route with a body its action accepts (none: the route has no action). Bodies are
 * complete and valid, with a real image where a form takes one, so only the guard can stop them.
 * Whoever adds an admin route adds it here; the tests below run for every entry.
 */
const ADMIN_ROUTES: { path: string; post?: (fixtures: Fixtures) => Promise<BodyInit> }[] = [
  { path: "/admin" },
  { path: "/admin/users" },
  { path: "/admin/orders" },
  { path: "/admin/orders?view=refunded" },
  {
    path: "/admin/orders/:order",
    post: async () =>
      new URLSearchParams({
        intent: "refund",
        amount: "15000",
        reason: "An intruder's refund",
        requestKey: "intruder-refund-key-0001",
      }),
  },
  {
    path: "/admin/applications",
    post: async ({ applicationId }) => new URLSearchParams({ id: String(applicationId), status: "APPROVED" }),
  },
  {
    path: "/admin/demos",
    post: async ({ demoId }) => new URLSearchParams({ id: String(demoId), status: "COMPLETED" }),
  },
  {
    path: "/admin/teacher-applications",
    post: async ({ teacher }) => new URLSearchParams({ id: String(teacher), status: "HIRED" }),
  },
  // The CV itself: a file only an ADMIN may download.
  { path: "/admin/teacher-applications/:teacher/cv" },
  // Each record's page with its history; staff add notes there (issue 19).
  {
    path: "/admin/applications/:application",
    post: async () => new URLSearchParams({ intent: "note", note: "An intruder's note" }),
  },
  {
    path: "/admin/demos/:demo",
    post: async ({ demoId }) => new URLSearchParams({ id: String(demoId), status: "COMPLETED" }),
  },
  {
    path: "/admin/teacher-applications/:teacher",
    post: async ({ teacher }) => new URLSearchParams({ id: String(teacher), status: "HIRED" }),
  },
  {
    path: "/admin/details",
    post: async () =>
      new URLSearchParams({
        address: "1 Intruder Road",
        email: "intruder@example.com",
        phone: "+91 90000 00000",
      }),
  },
  // Each grade's seats (issue 38).
  {
    path: "/admin/seats",
    post: async () => new URLSearchParams({ grade: "Grade 2", seats: "5", reserved: "1" }),
  },
  {
    path: "/admin/sidebar",
    post: async () => new URLSearchParams({ collapsed: "true", redirectTo: "/admin" }),
  },
  { path: "/admin/blog" },
  { path: "/admin/blog/new", post: () => intruderForm({ category: "Intrusions" }) },
  { path: "/admin/blog/:post/edit", post: () => intruderForm({ category: "Intrusions" }) },
  { path: "/admin/blog/:post/delete", post: async () => new FormData() },
  { path: "/admin/courses" },
  { path: "/admin/courses/new", post: () => intruderForm({}) },
  { path: "/admin/courses/:course/edit", post: () => intruderForm({}) },
  { path: "/admin/courses/:course/delete", post: async () => new FormData() },
  // The fixtures' application queued mails 1 and 2 (to its family and to the staff).
  { path: "/admin/mail" },
  { path: "/admin/mail/1", post: async () => new URLSearchParams() },
  { path: "/admin/mail/1/html" },
  // Erasures and anonymisations (issue 20); read-only.
  { path: "/admin/history" },
  // The bell's page (issue 19); its one form marks everything up to now as seen.
  {
    path: "/admin/notifications",
    post: async () => new URLSearchParams({ newestAt: new Date().toISOString() }),
  },
  // The header's search (issue 19), asked for what the fixtures hold; read-only.
  { path: "/admin/search?q=guarded" },
  // Unknown admin addresses are guarded too (then 404 for an admin).
  { path: "/admin/no-such-screen" },
];

/**
 * The admin lists' CSV exports (issue 19): files, not pages. Signed out goes to log in as above;
 * a signed-in account that is not an ADMIN is refused with 403; an ADMIN gets the file.
 */
const EXPORT_ROUTES = [
  "/admin/applications/export.csv",
  "/admin/demos/export.csv?status=PENDING",
  "/admin/teacher-applications/export.csv",
  "/admin/orders/export.csv?view=pending",
  "/admin/users/export.csv",
];

async function intruderForm(extra: Record<string, string>): Promise<FormData> {
  return multipart(
    { title: "Intruder was here", description: "Written by someone who is not an admin.", ...extra },
    { bytes: await makeImage("png", "#000", 16), name: "intruder.png", type: "image/png" },
  );
}

describe("admin guard", () => {
  let server: RunningServer;
  let adminToken: string;
  let userCookie: string;
  let fixtures: Fixtures;

  beforeAll(async () => {
    server = await startSite();
    adminToken = (await callApi(server.url, "/auth/login", { json: E2E_ADMIN })).body.token;
    const parent = await registerUser(server, "Curious Parent");
    userCookie = `token=${(await callApi(server.url, "/auth/login", { json: parent })).body.token}`;
    const created = async (path: string, init: Parameters<typeof callApi>[2]) => {
      const answer = await callApi(server.url, path, { token: adminToken, ...init });
      expect(answer.status).toBe(201);
      return answer.body.id as number;
    };
    const guardedContent = async () =>
      multipart(
        { title: "Guarded record", category: "Guarded", description: "Only an admin may change this." },
        { bytes: await makeImage("png", "#0a0", 16), name: "guarded.png", type: "image/png" },
      );
    fixtures = {
      applicationId: await created("/applications", {
        json: {
          studentName: "Guarded Child",
          dob: "2019-05-04",
          grade: "Grade 1",
          parentName: "Guarded Parent",
          mobile: "9876543210",
          email: "guarded@example.com",
          ...CONSENT_FIELDS,
        },
      }),
      demoId: await created("/demos", {
        json: {
          parentName: "Guarded Parent",
          studentName: "Guarded Child",
          grade: "Nursery",
          mobile: "9876543210",
          email: "guarded@example.com",
          preferredDateTime: "Monday at 11 AM",
          ...CONSENT_FIELDS,
        },
      }),
      post: await created("/blog", { form: await guardedContent() }),
      course: await created("/courses", { form: await guardedContent() }),
      order: (
        await callApi(server.url, "/tuition/create-order", {
          json: {
            studentName: "Guarded Child",
            parentName: "Guarded Parent",
            grade: "Grade 2",
            mobile: "9876543210",
            email: "guarded@example.com",
            ...CONSENT_FIELDS,
          },
        })
      ).body.order.id as string,
      teacher: await created("/teacher-applications", {
        form: multipart(
          { ...validTeacher(), email: "guarded@example.com" },
          { bytes: makePdf(), name: "guarded-cv.pdf", type: "application/pdf", field: "cv" },
        ),
      }),
    };
  });
  afterAll(async () => {
    await server?.dispose();
  });

  const concrete = (path: string) =>
    path
      .replace(":post", String(fixtures.post))
      .replace(":course", String(fixtures.course))
      .replace(":order", fixtures.order)
      .replace(":application", String(fixtures.applicationId))
      .replace(":demo", String(fixtures.demoId))
      .replace(":teacher", String(fixtures.teacher));

  /**
   * What an ADMIN can read through the API: nothing may move while others post. Images a refused
   * post might have stored are looked for at the end, in the database.
   */
  const storedState = async () => ({
    applications: (await callApi(server.url, "/applications?limit=200", { token: adminToken })).body,
    demos: (await callApi(server.url, "/demos?limit=200", { token: adminToken })).body,
    teachers: (await callApi(server.url, "/teacher-applications", { token: adminToken })).body,
    details: (await callApi(server.url, "/details")).body,
    paidOrders: (await callApi(server.url, "/tuition/orders", { token: adminToken })).body,
    posts: (await callApi(server.url, "/blog?limit=100")).body,
    courses: (await callApi(server.url, "/courses")).body,
    seats: (await callApi(server.url, "/seats")).body,
  });

  const visitors = [
    { who: "an anonymous visitor", cookie: () => undefined },
    { who: "a signed-in USER", cookie: () => userCookie },
  ];

  describe.each(visitors)("$who", ({ cookie }) => {
    const headers = (): Record<string, string> => {
      const value = cookie();
      return value ? { cookie: value } : {};
    };
    const expectLoginRedirect = (response: Response, path: string) => {
      expect([302, 303]).toContain(response.status);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      expect(response.headers.get("set-cookie") ?? "").not.toContain("admin-menu");
    };

    it.each(ADMIN_ROUTES)("GET $path goes to /login with a way back", async ({ path }) => {
      const response = await fetch(server.url + concrete(path), { headers: headers(), redirect: "manual" });
      expectLoginRedirect(response, concrete(path));
    });

    it.each(ADMIN_ROUTES)("GET $path data (client navigation) reveals nothing", async ({ path }) => {
      const response = await fetch(`${server.url}${concrete(path)}.data`, {
        headers: headers(),
        redirect: "manual",
      });
      const body = await response.text();
      expect(body).not.toContain(E2E_ADMIN.email);
      expect(body).not.toContain("guarded@example.com");
      expect(body).not.toContain("Only an admin may change this.");
      expect(body).not.toContain("%PDF");
    });

    it.each(ADMIN_ROUTES.filter((route) => route.post))(
      "POST $path goes to /login and changes nothing",
      async ({ path, post }) => {
        const before = await storedState();
        const response = await fetch(server.url + concrete(path), {
          method: "POST",
          headers: headers(),
          body: await post!(fixtures),
          redirect: "manual",
        });
        expectLoginRedirect(response, concrete(path));
        expect(await storedState()).toEqual(before);
      },
    );
  });

  it("leaves the posted records as they were", async () => {
    const state = await storedState();
    const application = state.applications.find((row: { id: number }) => row.id === fixtures.applicationId);
    const demo = state.demos.find((row: { id: number }) => row.id === fixtures.demoId);
    expect(application.status).toBe("PENDING");
    expect(demo.status).toBe("PENDING");
    const teacher = state.teachers.find((row: { id: number }) => row.id === fixtures.teacher);
    expect(teacher).toMatchObject({ status: "NEW", hasCv: true });
    expect(state.details.email).not.toBe("intruder@example.com");
    const titles = [...state.posts.posts, ...state.courses].map((record: { title: string }) => record.title);
    expect(titles.filter((title) => title === "Guarded record")).toHaveLength(2);
    expect(titles).not.toContain("Intruder was here");
  });

  it("shows a signed-in parent sent from /admin the login page, where a staff login gets them in", async () => {
    const login = await fetch(`${server.url}/login?redirectTo=${encodeURIComponent("/admin/users")}`, {
      headers: { cookie: userCookie },
      redirect: "manual",
    });
    expect(login.status).toBe(200);
    const html = await login.text();
    // The name is marked as no text to translate; React separates the sentence's parts with comments.
    const signedInAs =
      /You are signed in as (<!-- -->)?<strong translate="no">Curious Parent<\/strong>(<!-- -->)?/;
    expect(html).toMatch(new RegExp(`${signedInAs.source}, and the admin area is for school\\s+staff`));
    // The page's form posts back to the same address, with the staff account.
    expect(html).toContain('action="/login?redirectTo=%2Fadmin%2Fusers"');
    const staffLogin = async (password: string) =>
      postForm(
        server.url,
        "/login?redirectTo=%2Fadmin%2Fusers",
        {
          intent: "login",
          redirectTo: "/admin/users",
          email: E2E_ADMIN.email,
          password,
        },
        { cookie: userCookie },
      );
    const mistyped = await staffLogin("not-the-password");
    expect(mistyped.status).toBe(401);
    expect(mistyped.html).toContain(MESSAGES.auth.invalidCredentials);
    expect(mistyped.html).toMatch(signedInAs);
    const staff = await staffLogin(E2E_ADMIN.password);
    expect(staff.status).toBe(302);
    expect(staff.headers.get("location")).toBe("/admin/users");

    // Elsewhere a signed-in visitor opening /login still goes home, and an ADMIN is not asked again.
    for (const [path, cookie] of [
      ["/login", userCookie],
      ["/login?redirectTo=%2Fcourses", userCookie],
      ["/login?redirectTo=%2Fadmin", `token=${adminToken}`],
    ] as const) {
      const answer = await fetch(server.url + path, { headers: { cookie }, redirect: "manual" });
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location"), path).toBe("/");
    }
  });

  it.each(EXPORT_ROUTES)(
    "GET %s: login when signed out, 403 for a USER, the CSV for an ADMIN",
    async (path) => {
      const asVisitor = await fetch(server.url + path, { redirect: "manual" });
      expect(asVisitor.status).toBe(302);
      expect(asVisitor.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
      const asUser = await fetch(server.url + path, { headers: { cookie: userCookie }, redirect: "manual" });
      expect(asUser.status).toBe(403);
      const refusal = await asUser.text();
      expect(refusal).not.toContain("guarded@example.com");
      expect(refusal).not.toContain(E2E_ADMIN.email);
      const asAdmin = await fetch(server.url + path, { headers: { cookie: `token=${adminToken}` } });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(await asAdmin.text()).toMatch(/^\uFEFF?[A-Z]/);
    },
  );

  it("lets the ADMIN in, and answers an unknown admin address with 404", async () => {
    const cookie = `token=${adminToken}`;
    for (const { path } of ADMIN_ROUTES.filter((route) => route.path !== "/admin/sidebar")) {
      const response = await fetch(server.url + concrete(path), { headers: { cookie }, redirect: "manual" });
      expect(response.status, path).toBe(path === "/admin/no-such-screen" ? 404 : 200);
    }
  });

  // Last: it stops the server. The guarded forms above were sent with real images: any image
  // stored now that no post or course points at was stored for a refused request.
  it("stored no image for any refused request", async () => {
    const posts: { imageUrl: string | null }[] = (await callApi(server.url, "/blog?limit=100")).body.posts;
    const courses: { imageUrl: string | null }[] = (await callApi(server.url, "/courses")).body;
    const pointedAt = new Set(
      [...posts, ...courses].map(({ imageUrl }) => imageUrl && storedImageBase(imageUrl)),
    );
    const stored = await withStoppedServerDatabase(server, (db) =>
      db.select({ name: storedImages.name, base: storedImages.base }).from(storedImages),
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.filter(({ base }) => !pointedAt.has(base))).toEqual([]);
  });
});
