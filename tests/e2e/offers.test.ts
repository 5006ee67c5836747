import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAZORPAY_WEBHOOK_PATH } from "~/api/razorpay-webhook.server";
import { formatDateTime, isoDateInIndia } from "~/domain/format";
import type { Grade } from "~/domain/grades";
import { MESSAGES } from "~/domain/messages";
import { defaultOfferExpiry, latestOfferExpiry, type OfferView } from "~/domain/offers";
import { ENROLLMENT_TEXTS } from "~/domain/texts/enrollment";
import { GRADE_TEXTS } from "~/domain/texts/grades";
import { OFFER_TEXTS } from "~/domain/texts/offers";
import { translator } from "~/domain/translations";
import { OFFER_MESSAGES } from "~/services/offers.server";
import { bornYearsBeforeStart, validApplication } from "../api/helpers";
import { callApi } from "../support/app";
import {
  captureWidths,
  expectAccessible,
  MODES,
  openPage,
  registerUser,
  signIn,
  untilHydrated,
} from "../support/browser";
import { botCheckFields, CONSENT_FIELDS, postForm } from "../support/forms";
import { step } from "../support/journey";
import { E2E_RAZORPAY } from "../support/razorpay-site";
import { startRazorpayStandIn, type RazorpayStandIn } from "../support/razorpay-standin";
import { PROJECT_ROOT, startServer, type RunningServer } from "../support/server";
import { E2E_ADMIN, E2E_ADMIN_ENV } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";

const run = promisify(execFile);
const PAY_PATH = /^\/pay\/([0-9a-f]{64})$/;
const HINDI_PAY_PATH = /^\/hi\/pay\/([0-9a-f]{64})$/;

type Family = { name: string; email: string; password: string; token: string };
type StoredOffer = OfferView<string>;

/**
 * Seats, offers and the waitlist in Chromium (issue 38), as staff and families meet them: staff
 * offer a seat from an application's page, the family accepts it on their profile and pays
 * through the Razorpay stand-in, and the child is admitted; a full grade's application waits on
 * the waitlist, an offer declined on the profile frees its seat (its payment page then says the
 * seat is gone), and the offers job (`npm run offers:expire`) offers it to the first family
 * waiting, who are mailed. The rules (locks, counts, expiry, mails' words) are the services'
 * tests; this file is what a person sees and what is stored after it.
 */
describe("seat offers and the waitlist", () => {
  let server: RunningServer;
  let browser: Browser;
  let adminToken: string;
  let sink: SmtpSink;
  let standIn: RazorpayStandIn;

  /** The site's settings: mail to the sink, payments through the stand-in (also for a restart). */
  const siteEnv = () => ({
    SMTP_URL: sink.url,
    MAIL_RETRY_SECONDS: "1",
    RAZORPAY_KEY_ID: E2E_RAZORPAY.keyId,
    RAZORPAY_KEY_SECRET: E2E_RAZORPAY.keySecret,
    RAZORPAY_WEBHOOK_SECRET: E2E_RAZORPAY.webhookSecret,
    RAZORPAY_API_URL: standIn.url,
  });

  beforeAll(async () => {
    [sink, standIn] = await Promise.all([startSmtpSink(), startRazorpayStandIn({ ...E2E_RAZORPAY })]);
  });
  afterAll(async () => {
    await Promise.all([sink?.close(), standIn?.close()]);
  });
  siteAndBrowserForFile((site) => {
    ({ server, browser, adminToken } = site);
    standIn.setWebhookUrl(`${site.server.url}/api${RAZORPAY_WEBHOOK_PATH}`);
  }, siteEnv);

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const heading = (page: Page) => page.getByRole("heading", { level: 1 });
  const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
  const seatPanel = (page: Page) => page.getByRole("region", { name: "Seat", exact: true });
  /** A card of the profile's "Seat offers" (in Hindi: its Hindi name): the list item naming the child. */
  const seatCard = (page: Page, student: string, section = "Seat offers") =>
    page
      .getByRole("region", { name: section })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: student, exact: true }) });
  const badgeOf = (scope: ReturnType<Page["locator"]>) => scope.locator("[data-tone]").first();

  async function setSeats(grade: Grade, seats: number) {
    const answer = await callApi(server.url, `/seats/${encodeURIComponent(grade)}`, {
      method: "PUT",
      json: { seats, reserved: 0 },
      token: adminToken,
    });
    expect(answer.status).toBe(200);
  }

  /** A parent's account, and an application for their child sent while signed in (so it is theirs). */
  async function familyApplying(parent: string, student: string, grade: Grade, age: number) {
    const credentials = await registerUser(server, parent);
    const login = await callApi(server.url, "/auth/login", { json: credentials });
    const family: Family = { ...credentials, token: login.body.token as string };
    const sent = await callApi(server.url, "/applications", {
      json: {
        ...validApplication(),
        studentName: student,
        dob: bornYearsBeforeStart(age),
        grade,
        parentName: parent,
        email: credentials.email,
      },
      token: family.token,
    });
    expect(sent.status).toBe(201);
    return { family, applicationId: sent.body.id as number };
  }

  const offersOf = async (applicationId: number) =>
    ((await callApi(server.url, "/offers", { token: adminToken })).body as StoredOffer[]).filter(
      (offer) => offer.applicationId === applicationId,
    );
  const applicationStatus = async (applicationId: number) =>
    (
      (await callApi(server.url, "/applications", { token: adminToken })).body as {
        id: number;
        status: string;
      }[]
    ).find((application) => application.id === applicationId)?.status;

  /** The browser as someone else: its cookies cleared, then signed in with the account. */
  async function switchTo(
    context: BrowserContext,
    account: { email: string; password: string },
    site: RunningServer = server,
  ) {
    await context.clearCookies();
    await signIn(context, site, account);
  }

  describe.each(MODES)("$label", ({ javaScript }) => {
    const suffix = javaScript ? "js" : "nojs";

    it("staff offer a seat from the application's page; the family accepts and pays on the profile; the child is admitted", async () => {
      const grade: Grade = javaScript ? "Grade 4" : "Grade 3";
      const student = `Aarav Seat ${suffix}`;
      await setSeats(grade, 1);
      const { family, applicationId } = await familyApplying(
        `Asha Seat ${suffix}`,
        student,
        grade,
        javaScript ? 9 : 8,
      );
      const { context, page } = await openPage(browser, server, { javaScript });

      step("staff open the application's page");
      await switchTo(context, E2E_ADMIN);
      await page.goto(`/admin/applications/${applicationId}`);
      const panel = seatPanel(page);
      await expect.poll(() => panel.isVisible()).toBe(true);
      if (javaScript) await untilHydrated(page);
      const shown = await panel.innerText();
      expect(shown).toContain(`${grade}: 1 of 1 open seats free (0 enrolled, 0 offered, 0 waiting).`);
      expect(shown).toContain("No seat offered yet, and not on a waitlist.");
      const day = panel.getByLabel("Hold the seat until");
      expect(await day.inputValue()).toBe(isoDateInIndia(defaultOfferExpiry()));
      expect(await day.getAttribute("min")).toBe(isoDateInIndia());
      expect(await day.getAttribute("max")).toBe(isoDateInIndia(latestOfferExpiry()));
      expect(await panel.getByRole("button", { name: "Put on the waitlist" }).count()).toBe(1);
      expect(await panel.getByRole("button", { name: "Withdraw offer" }).count()).toBe(0);
      await expectAccessible(page);
      await captureWidths(page, `offers-record-${suffix}`);

      step("offers a seat until the suggested day");
      await panel.getByRole("button", { name: "Offer a seat" }).click();
      await expect.poll(() => toast(page, `Seat in ${grade} offered to ${student} until`).count()).toBe(1);
      const [offer] = await offersOf(applicationId);
      expect(offer).toMatchObject({ status: "OFFERED", grade, orderId: null });
      // The end of the chosen day in India.
      expect(isoDateInIndia(new Date(offer!.expiresAt))).toBe(isoDateInIndia(defaultOfferExpiry()));
      const until = formatDateTime(offer!.expiresAt);
      expect(until).toMatch(/11:59 pm$/);
      const offerRow = panel.getByRole("list", { name: "Seat offers" }).getByRole("listitem");
      await expect.poll(() => offerRow.innerText()).toContain(`Offer #${offer!.id}`);
      expect(await badgeOf(offerRow).innerText()).toBe("Offered");
      expect((await offerRow.innerText()).replace(/\s+/g, " ")).toContain(`Holds the seat until ${until}`);
      expect(await panel.innerText()).toContain(
        `${grade}: 0 of 1 open seats free (0 enrolled, 1 offered, 0 waiting).`,
      );
      expect(await panel.getByRole("button", { name: "Withdraw offer" }).count()).toBe(1);
      expect(await panel.getByRole("button", { name: "Offer a seat" }).count()).toBe(0);
      expect(await page.getByRole("list", { name: "History" }).innerText()).toContain(
        `Seat in ${grade} offered until`,
      );
      await captureWidths(page, `offers-record-offered-${suffix}`);

      step("the family finds the offer on the profile");
      await switchTo(context, family);
      await page.goto("/profile");
      const card = seatCard(page, student);
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.innerText()).toContain(`A seat in ${grade} is held for ${student} until ${until}.`);
      expect(await badgeOf(card).innerText()).toBe("Offered");
      expect(await badgeOf(card).getAttribute("data-tone")).toBe("yellow");
      if (javaScript) await untilHydrated(page);
      await expectAccessible(page);
      await captureWidths(page, `offers-profile-open-${suffix}`);

      step("accepts and pays through the stand-in");
      if (javaScript) {
        // In Hindi: the order's payment page is the Hindi one, and the checkout opens by itself.
        await page.goto("/hi/profile");
        const hindi = translator(OFFER_TEXTS, "hi");
        const grades = translator(GRADE_TEXTS, "hi");
        const hindiCard = seatCard(page, student, hindi("title"));
        await expect
          .poll(() => hindiCard.innerText())
          .toContain(
            hindi("open.held", {
              grade: grades(grade),
              student,
              time: formatDateTime(offer!.expiresAt, "hi"),
            }),
          );
        expect(await badgeOf(hindiCard).innerText()).toBe("सीट का ऑफ़र");
        await untilHydrated(page);
        await expectAccessible(page);
        await captureWidths(page, "offers-profile-open-hi-js");
        await hindiCard
          .getByRole("button", { name: `${hindi("open.accept")}: ${student}, ${grades(grade)}` })
          .click();
      } else {
        await card.getByRole("button", { name: `Accept and pay: ${student}, ${grade}` }).click();
        // Without JavaScript the order's page waits for the press that opens the checkout.
        await expect.poll(() => pathOf(page)).toMatch(PAY_PATH);
        expect(new URL(page.url()).search).toBe("?start=1");
        await page.getByRole("button", { name: "Pay ₹15,000", exact: true }).click();
      }
      await expect.poll(() => page.url()).toBe(`${standIn.url}/v1/checkout/embedded`);
      await page.getByRole("button", { name: "Pay", exact: true }).click();
      await expect.poll(() => pathOf(page)).toMatch(javaScript ? HINDI_PAY_PATH : PAY_PATH);
      await expect
        .poll(() => heading(page).innerText())
        .toBe(translator(ENROLLMENT_TEXTS, javaScript ? "hi" : "en")("confirmed.title"));

      step("the profile says the child is admitted");
      await page.goto("/profile");
      await expect.poll(() => badgeOf(card).innerText()).toBe("Accepted");
      expect(await badgeOf(card).getAttribute("data-tone")).toBe("green");
      expect(await card.innerText()).toContain(`${student} is admitted to ${grade}: the fee has been paid.`);
      expect(await card.getByRole("button").count()).toBe(0);
      await captureWidths(page, `offers-profile-accepted-${suffix}`);

      step("stored: the offer accepted with its order, the application approved");
      const [accepted] = await offersOf(applicationId);
      expect(accepted).toMatchObject({ id: offer!.id, status: "ACCEPTED" });
      expect(accepted!.orderId).not.toBeNull();
      expect(await applicationStatus(applicationId)).toBe("APPROVED");
    });
  });

  // Grade 5 has one seat: Kabir's family is offered it, Meera's application waits.
  const FULL_GRADE: Grade = "Grade 5";
  let waiting: { family: Family; applicationId: number; student: string } | undefined;

  it("JS off: a full grade's application waits; its seat, declined by another family, is no longer payable", async () => {
    await setSeats(FULL_GRADE, 1);
    const offered = await familyApplying("Rohan Decline", "Kabir Decline", FULL_GRADE, 10);
    const student = "Meera Waiting";
    waiting = { ...(await familyApplying("Sunita Waiting", student, FULL_GRADE, 10)), student };
    const { context, page } = await openPage(browser, server, { javaScript: false });

    step("staff open the waiting family's application while a seat is free");
    await switchTo(context, E2E_ADMIN);
    await page.goto(`/admin/applications/${waiting.applicationId}`);
    const panel = seatPanel(page);
    await expect.poll(() => panel.innerText()).toContain(`${FULL_GRADE}: 1 of 1 open seats free`);

    step("the seat goes to another application meanwhile; offering it is refused in the panel");
    // Through the API, held for the default days.
    const made = await callApi(server.url, `/applications/${offered.applicationId}/offer`, {
      json: {},
      token: adminToken,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const typed = isoDateInIndia(new Date(Date.now() + 10 * 24 * 60 * 60 * 1000));
    await panel.getByLabel("Hold the seat until").fill(typed);
    const refused = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" &&
        new URL(response.url()).pathname === `/admin/applications/${waiting!.applicationId}`,
    );
    await panel.getByRole("button", { name: "Offer a seat" }).click();
    expect((await refused).status()).toBe(409);
    await expect
      .poll(() => panel.getByRole("alert").innerText())
      .toBe(OFFER_MESSAGES.noSeat(FULL_GRADE, "1 open seats: 0 admitted, 1 offered, 0 being paid"));
    expect(await panel.getByLabel("Hold the seat until").inputValue()).toBe(typed);
    expect(await panel.innerText()).toContain(
      `${FULL_GRADE}: 0 of 1 open seats free (0 enrolled, 1 offered, 0 waiting).`,
    );
    await expectAccessible(page);
    await captureWidths(page, "offers-record-no-seat-nojs");

    step("puts it on the waitlist");
    await panel.getByRole("button", { name: "Put on the waitlist" }).click();
    await expect.poll(() => toast(page, `Number 1 on the ${FULL_GRADE} waitlist.`).count()).toBe(1);
    expect(await panel.innerText()).toContain(`Number 1 on the ${FULL_GRADE} waitlist.`);
    expect(await panel.getByRole("button", { name: "Take off the waitlist" }).count()).toBe(1);
    expect(await panel.getByRole("button", { name: "Put on the waitlist" }).count()).toBe(0);
    await captureWidths(page, "offers-record-waiting-nojs");

    step("the waiting family sees its number");
    await switchTo(context, waiting.family);
    await page.goto("/profile");
    const place = seatCard(page, student);
    await expect.poll(() => place.innerText()).toContain(`You are number 1 on the ${FULL_GRADE} waitlist.`);
    expect(await badgeOf(place).innerText()).toBe("Waiting");
    await expectAccessible(page);
    await captureWidths(page, "offers-profile-waiting-nojs");

    step("a Hindi visitor enrolling in the full grade is told so in Hindi");
    const refusedInHindi = await postForm(
      server.url,
      "/hi/fee-structure?enroll=grade-5",
      {
        studentName: "Diya Shah",
        parentName: "Neel Shah",
        mobile: "8765432109",
        email: "neel.shah@example.com",
        grade: FULL_GRADE,
        amount: "15000",
        ...CONSENT_FIELDS,
        ...(await botCheckFields(server.url, "/hi/fee-structure?enroll=grade-5")),
      },
      { origin: server.url },
    );
    expect(refusedInHindi.status).toBe(409);
    expect(refusedInHindi.html).toContain(
      translator(ENROLLMENT_TEXTS, "hi")("error.form.noSeat", { grade: "कक्षा 5" }),
    );

    step("the offered family starts paying, then declines");
    await switchTo(context, offered.family);
    await page.goto("/profile");
    const offer = seatCard(page, "Kabir Decline");
    const until = formatDateTime(made.body.expiresAt as string);
    await expect.poll(() => offer.innerText()).toContain(`held for Kabir Decline until ${until}.`);
    await offer.getByRole("button", { name: /^Accept and pay/ }).click();
    await expect.poll(() => pathOf(page)).toMatch(PAY_PATH);
    const payPath = pathOf(page);
    await page.goto("/profile");
    await offer.getByText("Decline", { exact: true }).click();
    const confirm = offer.getByRole("button", { name: /^Yes, decline the seat/ });
    await expect.poll(() => confirm.isVisible()).toBe(true);
    await captureWidths(page, "offers-profile-decline-nojs");
    await confirm.click();
    await expect
      .poll(() => toast(page, "You declined the seat in Grade 5 for Kabir Decline.").count())
      .toBe(1);
    expect(await badgeOf(offer).innerText()).toBe("Declined");
    expect(await offer.innerText()).toContain(`You declined this seat in ${FULL_GRADE}.`);
    await captureWidths(page, "offers-profile-declined-nojs");

    step("accepting it now, as from a page left open, is refused with a message");
    const stale = await page.request.post("/profile", {
      form: { intent: "acceptOffer", offerId: String(made.body.id) },
      headers: { origin: server.url },
      maxRedirects: 0,
    });
    expect(stale.status()).toBe(302);
    expect(stale.headers().location).toBe("/profile");
    await page.goto("/profile");
    await expect
      .poll(() => page.getByRole("alert").filter({ hasText: OFFER_TEXTS.en["error.notOpen"] }).count())
      .toBe(1);
    expect(await badgeOf(offer).innerText()).toBe("Declined");

    step("the declined offer's payment page says its seat is gone");
    await page.goto(payPath);
    const gone = page.getByRole("alert").filter({ hasText: MESSAGES.enrollment.seatGone(FULL_GRADE) });
    await expect.poll(() => gone.count()).toBe(1);
    expect(await page.getByRole("button", { name: /^Pay / }).count()).toBe(0);
    expect(await gone.getByRole("link", { name: "Apply for admission" }).getAttribute("href")).toBe(
      "/apply?grade=grade-5",
    );
    await expectAccessible(page);
    await captureWidths(page, "offers-pay-seat-gone-nojs");

    const [declined] = await offersOf(offered.applicationId);
    expect(declined).toMatchObject({ status: "DECLINED" });
    expect(declined!.orderId).not.toBeNull();
  });

  // Last: it stops the server (PGlite serves one process) to run the job's command, then starts it again.
  it("JS off: npm run offers:expire offers the freed seat to the first family waiting, who are mailed and see it", async () => {
    expect(waiting).toBeDefined();
    const { family, applicationId, student } = waiting!;
    await server.stop();
    const env = { ...process.env, DATA_DIR: server.dataDir } as NodeJS.ProcessEnv;
    if (server.databaseUrl) env.DATABASE_URL = server.databaseUrl;
    else delete env.DATABASE_URL;

    step("runs the offers job's command");
    // The server's own job (every 30 s) may have offered the seat already: then this offers none.
    const { stdout } = await run(
      path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx"),
      ["app/cli/offers-expire.server.ts"],
      { cwd: PROJECT_ROOT, env },
    );
    expect(stdout).toMatch(/offered [01] seat\(s\) to the waitlist\./);

    const again = await startServer({
      env: { ...E2E_ADMIN_ENV, ...siteEnv() },
      reuse: { dataDir: server.dataDir, uploadDir: server.uploadDir, databaseUrl: server.databaseUrl },
    });
    try {
      step("the waiting family is mailed the offer");
      const mail = await sink.waitFor(
        (received) =>
          received.to.includes(family.email) && received.subject.startsWith(`A seat for ${student}`),
        20_000,
      );
      expect(mail.text).toContain("was next on the waitlist");

      step("and finds it on the profile");
      const { context, page } = await openPage(browser, server, { javaScript: false });
      await switchTo(context, family, again);
      await page.goto(`${again.url}/profile`);
      const card = seatCard(page, student);
      await expect
        .poll(() => card.innerText())
        .toContain(`A seat in ${FULL_GRADE} is held for ${student} until`);
      expect(await card.getByRole("button", { name: /^Accept and pay/ }).count()).toBe(1);
      const [promoted] = (
        (await callApi(again.url, "/offers", { token: adminToken })).body as StoredOffer[]
      ).filter((offer) => offer.applicationId === applicationId);
      expect(promoted).toMatchObject({ status: "OFFERED", grade: FULL_GRADE });
      const mine = await callApi(again.url, "/offers", { token: family.token });
      expect((mine.body as StoredOffer[]).map((offer) => offer.applicationId)).toEqual([applicationId]);
    } finally {
      await again.stop();
    }
  });
});
