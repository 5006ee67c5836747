// WhatsApp and SMS updates (issue 39) end to end over HTTP: the API's forms queue them with the
// record, the outbox sends them to the WhatsApp Cloud API and MSG91 stand-ins at most once, the
// signed webhook moves their statuses forward only, a number without WhatsApp gets the SMS once,
// STOP and START are honoured, a lost answer or a crash mid-send is never sent again.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { familyUpdates, updateOptOuts } from "../../db/schema";
import { FORMS } from "~/domain/forms";
import { createLogger } from "~/server/logger.server";
import { parseForm } from "~/services/validation";
import { startUpdatesWorker } from "~/services/updates/worker.server";
import { startMsg91StandIn, type Msg91StandIn } from "../support/msg91-standin";
import { startTestApp, type TestApp } from "../support/app";
import { standInChannels, TEST_MSG91_AUTH_KEY, TEST_WHATSAPP_ACCOUNT } from "../support/updates-env";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "../support/whatsapp-standin";
import { validApplication, validDemo } from "./helpers";

const WHATSAPP = TEST_WHATSAPP_ACCOUNT;
const MSG91_AUTH_KEY = TEST_MSG91_AUTH_KEY;
const WEBHOOK = "/api/messages/whatsapp/webhook";
const SHORT_RETRY = { maxAttempts: 3, firstRetryMs: 60_000, maxRetryMs: 60_000, leaseMs: 400 };

let whatsapp: WhatsAppStandIn;
let msg91: Msg91StandIn;
let app: TestApp;
let numberSeed = 0;

/** A fresh valid Indian mobile per test, so opt-outs and rows never mix. */
const nextMobile = () => `+9198${String(10_000_000 + (numberSeed += 1)).padStart(8, "0")}`;

const drain = (services = app.services) =>
  startUpdatesWorker({ outbox: services.updates, logger: createLogger("silent"), running: false }).drain();

/** An application through the API from `mobile`, the WhatsApp box ticked unless `extra` says otherwise. */
const apply = (mobile: string, extra: Record<string, unknown> = {}) =>
  app.api("/applications", {
    method: "POST",
    json: { ...validApplication(), mobile, whatsappUpdates: true, ...extra },
  });

const rowsTo = (number: string) =>
  app.db.select().from(familyUpdates).where(eq(familyUpdates.toNumber, number)).orderBy(familyUpdates.id);

beforeAll(async () => {
  whatsapp = await startWhatsAppStandIn({ ...WHATSAPP, autoStatuses: false });
  msg91 = await startMsg91StandIn({ authKey: MSG91_AUTH_KEY });
  const whatsappConfig = { ...WHATSAPP, apiUrl: whatsapp.apiUrl };
  app = await startTestApp({
    whatsapp: whatsappConfig,
    updates: {
      channels: standInChannels(whatsapp, msg91),
      perSecond: 50,
      retry: SHORT_RETRY,
    },
  });
  whatsapp.setWebhookUrl(`${app.baseUrl}${WEBHOOK}`);
});
afterAll(async () => {
  await app?.close();
  await whatsapp?.close();
  await msg91?.close();
});
beforeEach(() => whatsapp.setAutoStatuses(false));

describe("queued with what causes them, on the channel the family allowed", () => {
  it("an application with the WhatsApp box ticked: one WhatsApp message, its template and parameters, the time of the choice kept", async () => {
    const mobile = nextMobile();
    const answer = await apply(mobile);
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty("whatsappUpdatesAt");
    const [stored] = await queryRows<{ at: Date | null }>(
      app.db,
      sql`select whatsapp_updates_at as at from applications where id = ${answer.body.id}`,
    );
    expect(stored!.at).not.toBeNull();

    const before = whatsapp.messages().length;
    expect(await drain()).toBe(1);
    const sent = whatsapp.messages().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: mobile.slice(1),
      template: "zipat_application_received",
      language: "en",
      parameters: ["Ravi Verma", "Asha Verma", "Grade 2", String(answer.body.id)],
    });
    const [row] = await rowsTo(mobile);
    expect(row).toMatchObject({ channel: "WHATSAPP", status: "SENT", providerId: sent[0]!.id, attempts: 1 });
    expect(row!.about).toBe(`application:${answer.body.id}`);
    expect(msg91.messages().filter((sms) => sms.mobile === mobile.slice(1))).toHaveLength(0);
  });

  it("without the box: the SMS (its DLT text filled), no WhatsApp; a Hindi demo request gets the Hindi template", async () => {
    const mobile = nextMobile();
    expect(
      (await app.api("/applications", { method: "POST", json: { ...validApplication(), mobile } })).status,
    ).toBe(201);
    const hindiMobile = nextMobile();
    // The API's records are English; a Hindi page's form stores Hindi (the services the page calls).
    await app.services.demos.create(parseForm(FORMS.demo, { ...validDemo(), mobile: hindiMobile }), {
      language: "hi",
    });
    await drain();
    const sms = msg91.messages().find((message) => message.mobile === mobile.slice(1));
    expect(sms).toMatchObject({ kind: "applicationReceived", language: "en" });
    expect(sms!.text).toContain("Asha Verma");
    expect(whatsapp.messages().some((message) => message.to === mobile.slice(1))).toBe(false);
    expect((await rowsTo(mobile))[0]).toMatchObject({ channel: "SMS", status: "SENT" });
    const hindi = msg91.messages().find((message) => message.mobile === hindiMobile.slice(1));
    expect(hindi).toMatchObject({ kind: "demoReceived", language: "hi" });
    expect(hindi!.text).toContain("Kabir Iyer");
  });

  it("a status change sends its update; a form's bad mobile number is refused and queues nothing", async () => {
    const mobile = nextMobile();
    const created = await apply(mobile);
    const admin = await app.createUser("ADMIN");
    await app.services.applications.updateStatus(created.body.id, { status: "CONTACTED" }, admin.user.id);
    await drain();
    const kinds = whatsapp
      .messages()
      .filter((message) => message.to === mobile.slice(1))
      .map((message) => message.template);
    expect(kinds).toEqual(["zipat_application_received", "zipat_application_status"]);

    const landline = await app.api("/applications", {
      method: "POST",
      json: { ...validApplication(), mobile: "011 2345 6789", whatsappUpdates: true },
    });
    expect(landline.status).toBe(400);
    expect(landline.body.errors.mobile[0]).toMatch(/valid 10-digit Indian mobile/);
    expect(await rowsTo("+911123456789")).toHaveLength(0);
  });
});

describe("the webhook: signed, statuses only forward, SMS once for a number without WhatsApp", () => {
  it("Meta's subscription check answers the challenge for the right token only", async () => {
    const right = await fetch(
      `${app.baseUrl}${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${WHATSAPP.verifyToken}&hub.challenge=8812`,
    );
    expect(right.status).toBe(200);
    expect(await right.text()).toBe("8812");
    const wrong = await fetch(
      `${app.baseUrl}${WEBHOOK}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=8812`,
    );
    expect(wrong.status).toBe(403);
  });

  it("a bad or missing signature gets 401 and changes nothing", async () => {
    const mobile = nextMobile();
    await apply(mobile);
    await drain();
    const [row] = await rowsTo(mobile);
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "1",
          changes: [
            {
              field: "messages",
              value: {
                statuses: [
                  {
                    id: row!.providerId,
                    status: "read",
                    timestamp: "1764200000",
                    recipient_id: mobile.slice(1),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    for (const signature of [undefined, "sha256=" + "0".repeat(64), "md5=abc"]) {
      const answer = await fetch(`${app.baseUrl}${WEBHOOK}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature ? { "x-hub-signature-256": signature } : {}),
        },
        body,
      });
      expect(answer.status).toBe(401);
    }
    expect((await rowsTo(mobile))[0]!.status).toBe("SENT");
  });

  it("delivered and read move it on; a late or repeated sent never moves it back", async () => {
    const mobile = nextMobile();
    await apply(mobile);
    await drain();
    const [row] = await rowsTo(mobile);
    for (const status of ["read", "delivered", "sent", "read"] as const) {
      const delivery = await whatsapp.sendStatus(row!.providerId!, status);
      expect(delivery.status).toBe(200);
    }
    const [after] = await rowsTo(mobile);
    expect(after).toMatchObject({ status: "READ" });
    expect(after!.readAt).not.toBeNull();
    expect(after!.deliveredAt).not.toBeNull();
  });

  it("not on WhatsApp: failed with 131026, the same update goes once by SMS, even when the webhook comes twice", async () => {
    const mobile = nextMobile();
    whatsapp.notOnWhatsApp(mobile);
    await apply(mobile);
    await drain();
    const failedHook = await whatsapp.waitForWebhooks(whatsapp.webhooks.length);
    expect(failedHook.at(-1)!.status).toBe(200);
    const [failed] = await rowsTo(mobile);
    await whatsapp.sendStatus(failed!.providerId!, "failed", 131026);
    await drain();
    const rows = await rowsTo(mobile);
    expect(rows.map((row) => [row.channel, row.status, row.errorCode])).toEqual([
      ["WHATSAPP", "FAILED", 131026],
      ["SMS", "SENT", null],
    ]);
    expect(rows[1]!.fallbackOf).toBe(rows[0]!.id);
    expect(msg91.messages().filter((sms) => sms.mobile === mobile.slice(1))).toHaveLength(1);
  });

  it("statuses that arrive before the send's answer is recorded are applied when it is: not on WhatsApp still goes by SMS once", async () => {
    const mobile = nextMobile();
    whatsapp.notOnWhatsApp(mobile);
    whatsapp.reportBeforeAnswering(1);
    await apply(mobile);
    await drain();
    const [whatsappRow, smsRow] = await rowsTo(mobile);
    expect(whatsappRow).toMatchObject({ channel: "WHATSAPP", status: "FAILED", errorCode: 131026 });
    expect(smsRow).toMatchObject({ channel: "SMS", fallbackOf: whatsappRow!.id });
    const early = await queryRows<{ count: number }>(
      app.db,
      sql`select count(*)::int as count from early_update_statuses where provider_id = ${whatsappRow!.providerId}`,
    );
    expect(early[0]!.count).toBe(0);

    // Delivered and read reported first: the message ends READ, never back at SENT.
    const read = nextMobile();
    whatsapp.setAutoStatuses(true);
    whatsapp.reportBeforeAnswering(1);
    await apply(read);
    await drain();
    expect((await rowsTo(read))[0]).toMatchObject({ status: "READ" });
  });

  it("STOP opts the number out at once and is answered once; its next update goes by SMS; START undoes it", async () => {
    const mobile = nextMobile();
    await apply(mobile);
    await drain();
    expect((await whatsapp.sendInbound(mobile.slice(1), "STOP")).status).toBe(200);
    expect((await whatsapp.sendInbound(mobile.slice(1), " stop ")).status).toBe(200);
    const optOuts = await app.db.select().from(updateOptOuts).where(eq(updateOptOuts.toNumber, mobile));
    expect(optOuts).toMatchObject([{ channel: "WHATSAPP", source: "whatsapp-stop" }]);
    await drain();
    await apply(mobile);
    await drain();
    expect((await rowsTo(mobile)).map((row) => [row.channel, row.kind])).toEqual([
      ["WHATSAPP", "applicationReceived"],
      ["WHATSAPP", "optedOut"],
      ["SMS", "applicationReceived"],
    ]);
    expect((await whatsapp.sendInbound(mobile.slice(1), "शुरू")).status).toBe(200);
    expect(await app.db.select().from(updateOptOuts).where(eq(updateOptOuts.toNumber, mobile))).toHaveLength(
      0,
    );
    await drain();
    const last = (await rowsTo(mobile)).at(-1)!;
    expect(last).toMatchObject({ channel: "WHATSAPP", kind: "optedIn", language: "hi", status: "SENT" });
  });
});

describe("within DLT's 30 letters a variable", () => {
  it("a long link goes as a short link to the same path, and a long name is cut, so the SMS passes DLT", async () => {
    const mobile = nextMobile();
    const token = "t".repeat(64);
    await app.db.transaction((tx) =>
      app.services.updates.queue(tx, {
        kind: "paymentFailed",
        mobile,
        language: "en",
        whatsappUpdatesAt: null,
        about: "order:short-link-test",
        parameters: {
          parentName: "Venkatanarasimharajuvaripeta Ramaswamy",
          amount: "Rs 15,000",
          grade: "Grade 2",
          link: `http://localhost:3000/pay/${token}`,
        },
      }),
    );
    const [queued] = await rowsTo(mobile);
    const link = queued!.parameters[3]!;
    // "http://localhost:3000/l/" and ten letters is 34: the short link goes without its scheme.
    expect(link).toMatch(/^localhost:3000\/l\/[A-Za-z0-9]{10}$/);
    expect(await app.services.shortLinks.resolve(link.slice(link.lastIndexOf("/") + 1))).toBe(
      `/pay/${token}`,
    );
    expect(await app.services.shortLinks.resolve("not-a-code!")).toBeNull();
    expect(await app.services.shortLinks.resolve("Zz9Zz9Zz9Z")).toBeNull();

    await drain();
    expect((await rowsTo(mobile))[0]).toMatchObject({ channel: "SMS", status: "SENT" });
    const sms = msg91.messages().find((each) => each.mobile === mobile.slice(1))!;
    expect(Object.values(sms.variables).every((value) => [...value].length <= 30)).toBe(true);
    expect(sms.variables.var1).toBe("Venkatanarasimharajuvaripet..."); // 27 letters and three dots
    expect(sms.text).toContain(`Try again: ${link} -`);
  });
});

describe("sent at most once", () => {
  it("a 500 is tried again later; a lost answer is UNCERTAIN and never sent again", async () => {
    const retried = nextMobile();
    whatsapp.failNext(500, 1);
    await apply(retried);
    await drain();
    const [waiting] = await rowsTo(retried);
    expect(waiting).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

    const lost = nextMobile();
    whatsapp.closeNext(1);
    await apply(lost);
    await drain();
    await drain();
    expect((await rowsTo(lost))[0]).toMatchObject({ status: "UNCERTAIN", attempts: 1 });
    expect(whatsapp.messages().filter((message) => message.to === lost.slice(1))).toHaveLength(1);
  });

  it("a worker that dies mid-send leaves the row UNCERTAIN once its lease runs out, not sent again", async () => {
    const mobile = nextMobile();
    await apply(mobile);
    const claimed = await app.services.updates.claim(10);
    expect(claimed.map((update) => update.toNumber)).toContain(mobile);
    // The claim's instance "crashed": nothing records an outcome. Past the lease, the next claim says so.
    await new Promise((resolve) => setTimeout(resolve, SHORT_RETRY.leaseMs + 100));
    await drain();
    expect((await rowsTo(mobile))[0]).toMatchObject({ status: "UNCERTAIN" });
    expect(whatsapp.messages().some((message) => message.to === mobile.slice(1))).toBe(false);
  });

  it("two instances draining one outbox send each message once, at the configured rate", async () => {
    const numbers = Array.from({ length: 12 }, nextMobile);
    for (const mobile of numbers) await apply(mobile);
    const other = await app.anotherInstance();
    const started = performance.now();
    try {
      await Promise.all([drain(), drain(other.services)]);
    } finally {
      await other.close();
    }
    const took = performance.now() - started;
    const sent = whatsapp
      .messages()
      .filter((message) => numbers.some((mobile) => mobile.slice(1) === message.to));
    expect(sent).toHaveLength(12);
    expect(new Set(sent.map((message) => message.to)).size).toBe(12);
    // 50 a second across both instances: 12 sends need at least 11 gaps of 20 ms.
    expect(took).toBeGreaterThanOrEqual(11 * 20 - 5);
    const statuses = await app.db
      .select({ status: familyUpdates.status })
      .from(familyUpdates)
      .where(and(sql`${familyUpdates.toNumber} in ${numbers}`));
    expect(statuses.every((row) => row.status === "SENT")).toBe(true);
  });
});

describe("the family's data", () => {
  it("their updates are in their data export and go with their records when they erase the account", async () => {
    const mobile = nextMobile();
    const parent = await app.createUser();
    const sent = await app.api("/applications", {
      method: "POST",
      token: parent.token,
      json: { ...validApplication(), email: parent.user.email, mobile, whatsappUpdates: true },
    });
    expect(sent.status).toBe(201);
    await drain();
    const data = await app.services.accountData.forUser(parent.user.id);
    expect(data!.messages).toEqual([
      expect.objectContaining({
        channel: "WHATSAPP",
        kind: "applicationReceived",
        toNumber: mobile,
        status: "SENT",
      }),
    ]);
    expect(data!.applications[0]).toHaveProperty("whatsappUpdatesAt");
    expect(data!.updateOptOuts).toEqual([]);
    await app.db
      .insert(updateOptOuts)
      .values({ toNumber: mobile, channel: "WHATSAPP", source: "whatsapp-stop" });
    const afterStop = await app.services.accountData.forUser(parent.user.id);
    expect(afterStop!.updateOptOuts).toEqual([
      expect.objectContaining({ toNumber: mobile, channel: "WHATSAPP", source: "whatsapp-stop" }),
    ]);

    await app.services.accountErasure.erase(parent.user.id, { currentPassword: parent.password });
    expect(await rowsTo(mobile)).toHaveLength(0);
  });
});

describe("staff: the list, a record's messages and the family's choices, Send again", () => {
  it("lists messages newest first with masked numbers, filtered by status and channel, with a count per status", async () => {
    const mobile = nextMobile();
    whatsapp.failNext(400, 1);
    await apply(mobile);
    await drain();
    const { updatesAdmin } = app.services;
    const failed = await updatesAdmin.listPage({ status: "FAILED", channel: "WHATSAPP" });
    const row = failed.rows.find((each) => each.number.endsWith(mobile.slice(-4)));
    expect(row).toMatchObject({ channel: "WHATSAPP", kind: "applicationReceived", status: "FAILED" });
    expect(row!.number).toBe(`+91 ••••••${mobile.slice(-4)}`);
    expect(JSON.stringify(failed.rows)).not.toContain(mobile.slice(3));
    expect(failed.rows.every((each) => each.status === "FAILED" && each.channel === "WHATSAPP")).toBe(true);
    expect(failed.total).toBe(failed.counts.FAILED);
    const sms = await updatesAdmin.listPage({ channel: "SMS" });
    expect(sms.rows.every((each) => each.channel === "SMS")).toBe(true);
    const all = await updatesAdmin.listPage({});
    expect(all.total).toBe(Object.values(all.counts).reduce((sum, each) => sum + each, 0));
    expect(all.rows.map((each) => each.id)).toEqual(
      [...all.rows.map((each) => each.id)].sort((a, b) => b - a),
    );
  });

  it("a record's page has its messages and the family's choices, STOP included", async () => {
    const mobile = nextMobile();
    const sent = await apply(mobile);
    await drain();
    const id = (sent.body as { id: number }).id;
    const before = await app.services.recordDetails.application(id);
    expect(before.messages).toEqual([
      expect.objectContaining({ kind: "applicationReceived", status: "SENT" }),
    ]);
    expect(before.choices.whatsappAgreedAt).toBeInstanceOf(Date);
    expect(before.choices.optedOut).toEqual([]);
    await app.db
      .insert(updateOptOuts)
      .values({ toNumber: mobile, channel: "WHATSAPP", source: "whatsapp-stop" });
    const after = await app.services.recordDetails.application(id);
    expect(after.choices.optedOut).toEqual([
      expect.objectContaining({ channel: "WHATSAPP", source: "whatsapp-stop" }),
    ]);
    const unticked = await apply(nextMobile(), { whatsappUpdates: false });
    const plain = await app.services.recordDetails.application((unticked.body as { id: number }).id);
    expect(plain.choices.whatsappAgreedAt).toBeNull();
  });

  it("Send again queues a failed message once per click, writes the click in the record's history, and refuses the rest", async () => {
    const staff = await app.createUser("ADMIN");
    const mobile = nextMobile();
    whatsapp.failNext(400, 1);
    const sent = await apply(mobile);
    await drain();
    const applicationId = (sent.body as { id: number }).id;
    const [failed] = await rowsTo(mobile);
    expect(failed).toMatchObject({ status: "FAILED" });

    // Two clicks at once on the same button: one new message, the other told so.
    const clicks = await Promise.allSettled([
      app.services.updatesAdmin.resend(failed!.id, staff.user.id),
      app.services.updatesAdmin.resend(failed!.id, staff.user.id),
    ]);
    const done = clicks.filter((click) => click.status === "fulfilled");
    const refused = clicks.filter((click): click is PromiseRejectedResult => click.status === "rejected");
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String(refused[0]!.reason)).toMatch(/was already sent again, as #\d+\. Nothing more was sent\./);
    await drain();
    const rows = await rowsTo(mobile);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ resentFrom: failed!.id, status: "SENT", kind: "applicationReceived" });
    // The stand-in refused the first: the family got the one sent again, once.
    expect(whatsapp.messages().filter((message) => message.to === mobile.slice(1))).toHaveLength(1);

    const listed = (await app.services.updatesAdmin.forRecord(`application:${applicationId}`)).map(
      ({ id, resentFrom, resentAs }) => ({ id, resentFrom, resentAs }),
    );
    expect(listed).toEqual([
      { id: rows[1]!.id, resentFrom: failed!.id, resentAs: null },
      { id: failed!.id, resentFrom: null, resentAs: rows[1]!.id },
    ]);

    const history = await app.services.history.forRecord("APPLICATION", applicationId);
    expect(history).toEqual([
      expect.objectContaining({
        kind: "MESSAGE_RESENT",
        actorId: staff.user.id,
        note: `WhatsApp update “Application received” #${failed!.id} sent again as #${rows[1]!.id}.`,
      }),
    ]);

    // A message that reached the family is not sent again; nor one to a number that said STOP.
    await expect(app.services.updatesAdmin.resend(rows[1]!.id, staff.user.id)).rejects.toThrow(
      /is sent: only a failed or uncertain message can be sent again\./,
    );
    const stopped = nextMobile();
    whatsapp.failNext(400, 1);
    await apply(stopped);
    await drain();
    const [stoppedRow] = await rowsTo(stopped);
    await app.db
      .insert(updateOptOuts)
      .values({ toNumber: stopped, channel: "WHATSAPP", source: "whatsapp-stop" });
    await expect(app.services.updatesAdmin.resend(stoppedRow!.id, staff.user.id)).rejects.toThrow(
      /The family has switched WhatsApp updates off/,
    );
    expect(await rowsTo(stopped)).toHaveLength(1);
    await expect(app.services.updatesAdmin.resend(999_999, staff.user.id)).rejects.toThrow(
      "Message not found.",
    );
  });
});
