import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationAnswer, demoAnswer } from "~/api/schemas.server";
import { FIELD_MESSAGES } from "~/domain/field-messages";
import { SOURCE_LIMITS } from "~/domain/enquiry-sources";
import { dependsOnSource, sourceOfVisit } from "~/utils/visit-source";
import { applications, demoRequests, orders } from "../../db/schema";
import { startTestApp, type TestApp } from "../support/app";
import { expectError, expectOk, rowCount, validApplication, validDemo, validEnrollment } from "./helpers";

/**
 * Issue 40 point 1: where each enquiry came from. The three calls that make one (application, demo
 * request, enrollment order) take the campaign, the referring site and "How did you hear about
 * us?" as the forms send them, keep them, and the record's answer says them; forged tracking values
 * are dropped, a wrong answer to the question is a field error. The rule that keeps a visit's
 * source out of the stored pages is checked here as a rule; tests/e2e/enquiry-sources.test.ts
 * checks the pages themselves.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const SOURCE = {
  utmSource: "Facebook",
  utmMedium: " paid-social ",
  utmCampaign: "Admissions-2026",
  referrerHost: "m.facebook.com",
  heardAbout: "OTHER",
  heardAboutOther: "A poster at the library",
};
const STORED = {
  utmSource: "facebook",
  utmMedium: "paid-social",
  utmCampaign: "admissions-2026",
  referrerHost: "m.facebook.com",
  heardAbout: "OTHER",
  heardAboutOther: "A poster at the library",
};

const CALLS = [
  { path: "/applications", table: applications, valid: validApplication },
  { path: "/demos", table: demoRequests, valid: validDemo },
  { path: "/tuition/create-order", table: orders, valid: validEnrollment },
] as const;

async function storedSource(table: (typeof CALLS)[number]["table"]) {
  const [row] = await app.db
    .select({
      utmSource: table.utmSource,
      utmMedium: table.utmMedium,
      utmCampaign: table.utmCampaign,
      referrerHost: table.referrerHost,
      heardAbout: table.heardAbout,
      heardAboutOther: table.heardAboutOther,
    })
    .from(table)
    .orderBy(desc(table.createdAt))
    .limit(1);
  return row!;
}

describe.each(CALLS)("POST $path", (call) => {
  const post = (json: unknown) => app.api(call.path, { method: "POST", json });

  it("keeps the source it is sent: campaign values trimmed and lower-cased, the family's words as typed", async () => {
    const answer = await post({ ...call.valid(), ...SOURCE });
    expect(answer.status).toBe(201);
    expect(await storedSource(call.table)).toEqual(STORED);
  });

  it("keeps nothing when nothing is sent (the fields are optional)", async () => {
    expect((await post(call.valid())).status).toBe(201);
    expect(Object.values(await storedSource(call.table))).toEqual([null, null, null, null, null, null]);
  });

  it("drops forged tracking values silently: not text, control characters only, and cuts long ones", async () => {
    const answer = await post({
      ...call.valid(),
      utmSource: { $gt: "" },
      utmMedium: "\u0000\u0007\u200b",
      utmCampaign: `x${"y".repeat(500)}`,
      referrerHost: "evil\u0000.example\u202e",
      heardAbout: "",
    });
    expect(answer.status).toBe(201);
    const stored = await storedSource(call.table);
    expect(stored.utmSource).toBeNull();
    expect(stored.utmMedium).toBeNull();
    expect(stored.utmCampaign).toHaveLength(SOURCE_LIMITS.utm);
    expect(stored.referrerHost).toBe("evil.example");
    expect(stored.heardAbout).toBeNull();
  });

  it("refuses an answer not in the list, and a long or hidden-character 'Other', storing nothing", async () => {
    const before = await rowCount(app, call.table);
    const wrong = await post({ ...call.valid(), heardAbout: "TELEPATHY" });
    expectError(wrong, 400, ["heardAbout"]);
    expect(wrong.body.errors.heardAbout).toEqual([FIELD_MESSAGES.heardAbout]);
    const long = await post({
      ...call.valid(),
      heardAbout: "OTHER",
      heardAboutOther: "z".repeat(SOURCE_LIMITS.heardAboutOther + 1),
    });
    expectError(long, 400, ["heardAboutOther"]);
    const hidden = await post({ ...call.valid(), heardAbout: "OTHER", heardAboutOther: "poster\u202e" });
    expectError(hidden, 400, ["heardAboutOther"]);
    expect(await rowCount(app, call.table)).toBe(before);
  });
});

describe("the record's answer and staff's view", () => {
  it("an application's and a demo request's answer carry their source", async () => {
    const application = expectOk(
      await app.api("/applications", { method: "POST", json: { ...validApplication(), ...SOURCE } }),
      201,
      applicationAnswer,
    );
    expect(application).toMatchObject(STORED);
    const demo = expectOk(
      await app.api("/demos", { method: "POST", json: { ...validDemo(), ...SOURCE } }),
      201,
      demoAnswer,
    );
    expect(demo).toMatchObject(STORED);
  });

  it("an order's staff view carries its source", async () => {
    const answer = await app.api("/tuition/create-order", {
      method: "POST",
      json: { ...validEnrollment(), ...SOURCE },
    });
    const id = (answer.body as { order: { id: string } }).order.id;
    expect(await app.services.orders.get(id)).toMatchObject(STORED);
  });

  it("the OpenAPI document names the six fields on the three calls", async () => {
    const document = (await app.api("/openapi.json")).body as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: unknown }> } } }>;
    };
    for (const path of ["/applications", "/demos", "/tuition/create-order"]) {
      const body = JSON.stringify(document.paths[path]?.post?.requestBody);
      for (const field of Object.keys(SOURCE)) expect(body, `${path} ${field}`).toContain(`"${field}"`);
    }
  });
});

describe("privacy", () => {
  it("an erasure clears the family's own words and keeps the campaign; Download my data lists them", async () => {
    const { user: parent, token, password } = await app.createUser("USER");
    await app.api("/applications", {
      method: "POST",
      token,
      json: { ...validApplication(), email: parent.email, ...SOURCE },
    });
    const data = await app.services.accountData.download(parent.id, "json");
    const exported = JSON.parse(data!.body) as { applications: Record<string, unknown>[] };
    expect(exported.applications[0]).toMatchObject(STORED);

    const [row] = await app.db
      .select({ id: applications.id })
      .from(applications)
      .orderBy(desc(applications.id))
      .limit(1);
    await app.services.accountErasure.erase(parent.id, { currentPassword: password });
    const [erased] = await app.db.select().from(applications).where(eq(applications.id, row!.id));
    expect(erased).toMatchObject({ heardAboutOther: null, utmSource: "facebook", heardAbout: "OTHER" });
  });
});

describe("where a visit came from (read from the request alone)", () => {
  const visit = (url: string, referer?: string) => ({ url, host: "zipat.school", referer });

  it("the page's own campaign first, lower-cased and cut; else the campaign of our page one step back", () => {
    expect(sourceOfVisit(visit("https://zipat.school/apply?utm_source=FB&utm_campaign=Diwali"))).toEqual({
      utmSource: "fb",
      utmCampaign: "diwali",
    });
    expect(
      sourceOfVisit(
        visit("https://zipat.school/apply", "https://zipat.school/?utm_source=fb&utm_medium=cpc"),
      ),
    ).toEqual({ utmSource: "fb", utmMedium: "cpc" });
    // The page's own campaign wins over the one a step back.
    expect(
      sourceOfVisit(visit("https://zipat.school/apply?utm_source=ig", "https://zipat.school/?utm_source=fb")),
    ).toEqual({ utmSource: "ig" });
    expect(
      sourceOfVisit(visit(`https://zipat.school/apply?utm_source=${"a".repeat(300)}`)).utmSource,
    ).toHaveLength(SOURCE_LIMITS.utm);
  });

  it("the referring site only when it is another site; what is not an address gives nothing", () => {
    expect(sourceOfVisit(visit("https://zipat.school/apply", "https://www.Google.com/search?q=x"))).toEqual({
      referrerHost: "www.google.com",
    });
    expect(sourceOfVisit(visit("https://zipat.school/apply", "https://zipat.school/admissions"))).toEqual({});
    // Another site's campaign is not ours to read.
    expect(sourceOfVisit(visit("https://zipat.school/apply", "https://ads.example/?utm_source=fb"))).toEqual({
      referrerHost: "ads.example",
    });
    expect(sourceOfVisit(visit("https://zipat.school/apply", "not a url \u0000"))).toEqual({});
    expect(sourceOfVisit(visit("https://zipat.school/apply", "android-app://com.example"))).toEqual({});
    expect(sourceOfVisit(visit("https://zipat.school/apply?utm_source=%00%01%E2%80%AE"))).toEqual({});
  });

  it("keeps a visit with a source out of the stored pages, and only where a form would carry it", () => {
    // A campaign in the address: never stored or served from the store, on any page.
    expect(dependsOnSource(visit("/?utm_source=fb"))).toBe(true);
    expect(dependsOnSource(visit("/blog?utm_campaign=x"))).toBe(true);
    // Another site's Referer, or our page's with a campaign: on the form pages only.
    for (const path of [
      "/apply",
      "/hi/apply",
      "/book-demo",
      "/?enroll=grade-3",
      "/fee-structure?enroll=nursery",
    ]) {
      expect(dependsOnSource(visit(path, "https://www.google.com/")), path).toBe(true);
      expect(dependsOnSource(visit(path, "http://zipat.school/?utm_source=fb")), path).toBe(true);
      expect(dependsOnSource(visit(path, "http://zipat.school/admissions")), path).toBe(false);
      expect(dependsOnSource(visit(path)), path).toBe(false);
    }
    // A search engine's visitor still gets every other page from the store.
    expect(dependsOnSource(visit("/", "https://www.google.com/"))).toBe(false);
    expect(dependsOnSource(visit("/blog", "http://zipat.school/?utm_source=fb"))).toBe(false);
  });
});
