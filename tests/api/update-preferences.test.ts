// The parent's switches of WhatsApp and SMS updates (issue 39 point 3) over a real database: what
// they change is what the outbox queues next for the family's records, bad input changes nothing,
// a STOP from the phone outlasts the profile, and another account's numbers are never touched.
import { UPDATE_CHOICES_UNREADABLE } from "~/domain/update-choices";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, demoRequests, familyUpdates, updateOptOuts, users } from "../../db/schema";
import { isAppError } from "~/services/errors";
import { ownerOf } from "~/services/record-kinds/ownership.server";
import { startMsg91StandIn, type Msg91StandIn } from "../support/msg91-standin";
import { startTestApp, type TestApp } from "../support/app";
import { standInChannels, TEST_MSG91_AUTH_KEY, TEST_WHATSAPP_ACCOUNT } from "../support/updates-env";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "../support/whatsapp-standin";
import { validApplication, validDemo } from "./helpers";

const WHATSAPP = TEST_WHATSAPP_ACCOUNT;
const MSG91_AUTH_KEY = TEST_MSG91_AUTH_KEY;

/** The profile's form as posted: a ticked box is "on", an unticked one is left out. */
const BOTH_ON = { intent: "saveUpdateChoices", whatsappUpdates: "on", smsUpdates: "on" };
const SMS_ONLY = { intent: "saveUpdateChoices", smsUpdates: "on" };
const BOTH_OFF = { intent: "saveUpdateChoices" };

let whatsapp: WhatsAppStandIn;
let msg91: Msg91StandIn;
let app: TestApp;
let adminId: number;
let numberSeed = 0;

/** A fresh valid Indian mobile per use, so opt-outs and queued rows never mix between tests. */
const nextMobile = () => `+9197${String(20_000_000 + (numberSeed += 1)).padStart(8, "0")}`;

const parent = async () => {
  const { user, token } = await app.createUser();
  return { id: user.id, token };
};

/** An application sent signed in as `token` (none: signed out) from `mobile`, the WhatsApp box as given. */
async function apply(token: string | undefined, mobile: string, whatsappUpdates: boolean) {
  const answer = await app.api("/applications", {
    method: "POST",
    token,
    json: { ...validApplication(), mobile, whatsappUpdates },
  });
  expect(answer.status).toBe(201);
  return answer.body.id as number;
}

const statusOf = new Map<number, "PENDING" | "CONTACTED">();

/**
 * Staff move the application on (PENDING and CONTACTED in turn): the update that causes is queued
 * by the outbox as the family's choices are now. Answers the channel it went on, or null for none.
 */
async function nextUpdateChannel(applicationId: number, mobile: string) {
  const before = await rowsTo(mobile);
  const status = statusOf.get(applicationId) === "CONTACTED" ? "PENDING" : "CONTACTED";
  statusOf.set(applicationId, status);
  await app.services.applications.updateStatus(applicationId, { status }, adminId);
  const added = (await rowsTo(mobile)).slice(before.length);
  expect(added.length).toBeLessThanOrEqual(1);
  if (added[0]) expect(added[0].kind).toBe("applicationStatusChanged");
  return added[0]?.channel ?? null;
}

const rowsTo = (number: string) =>
  app.db.select().from(familyUpdates).where(eq(familyUpdates.toNumber, number)).orderBy(familyUpdates.id);

/** The profile's choices for an account, as its page reads them (the account read with the session). */
const choicesFor = async (userId: number) =>
  app.services.updatePreferences.forOwner((await ownerOf(app.db, userId))!);

const optOutsOf = (...numbers: string[]) =>
  app.db
    .select({ number: updateOptOuts.toNumber, channel: updateOptOuts.channel, source: updateOptOuts.source })
    .from(updateOptOuts)
    .where(inArray(updateOptOuts.toNumber, numbers))
    .orderBy(updateOptOuts.toNumber, updateOptOuts.channel);

/** Each record's WhatsApp choice (its time, or null) and the account's, as stored. */
async function choiceTimes(userId: number) {
  const applied = await app.db
    .select({ id: applications.id, at: applications.whatsappUpdatesAt })
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(applications.id);
  const booked = await app.db
    .select({ id: demoRequests.id, at: demoRequests.whatsappUpdatesAt })
    .from(demoRequests)
    .where(eq(demoRequests.userId, userId))
    .orderBy(demoRequests.id);
  const [account] = await app.db
    .select({ at: users.whatsappUpdatesAt })
    .from(users)
    .where(eq(users.id, userId));
  return {
    records: [
      ...applied.map((row) => ({ kind: "application", ...row })),
      ...booked.map((row) => ({ kind: "demo", ...row })),
    ],
    account: account!.at,
  };
}

beforeAll(async () => {
  whatsapp = await startWhatsAppStandIn({ ...WHATSAPP, autoStatuses: false });
  msg91 = await startMsg91StandIn({ authKey: MSG91_AUTH_KEY });
  app = await startTestApp({
    updates: {
      channels: standInChannels(whatsapp, msg91),
      perSecond: 50,
    },
  });
  adminId = (await app.createUser("ADMIN")).user.id;
});
afterAll(async () => {
  await app?.close();
  await whatsapp?.close();
  await msg91?.close();
});

describe("the switches decide what the outbox queues next", () => {
  it("WhatsApp off: the next update goes by SMS, the record keeps its choice's time; SMS off too: nothing; both on: WhatsApp again", async () => {
    const family = await parent();
    const mobile = nextMobile();
    const applicationId = await apply(family.token, mobile, true);
    const chosen = await choiceTimes(family.id);
    expect(chosen.records[0]!.at).not.toBeNull();
    expect(await choicesFor(family.id)).toEqual({
      whatsapp: true,
      sms: true,
      numbers: [
        {
          number: mobile,
          masked: `+91\u00a0••••••${mobile.slice(-4)}`,
          whatsapp: true,
          sms: true,
          stoppedOnWhatsApp: false,
          offByAnother: [],
        },
      ],
    });
    expect(await nextUpdateChannel(applicationId, mobile)).toBe("WHATSAPP");

    const off = await app.services.updatePreferences.save(family.id, SMS_ONLY);
    expect(off).toMatchObject({ whatsapp: false, sms: true });
    expect(await optOutsOf(mobile)).toEqual([{ number: mobile, channel: "WHATSAPP", source: "profile" }]);
    expect(await choiceTimes(family.id)).toEqual(chosen);
    expect(await nextUpdateChannel(applicationId, mobile)).toBe("SMS");

    expect(await app.services.updatePreferences.save(family.id, BOTH_OFF)).toMatchObject({
      whatsapp: false,
      sms: false,
    });
    expect(await nextUpdateChannel(applicationId, mobile)).toBeNull();

    expect(await app.services.updatePreferences.save(family.id, BOTH_ON)).toMatchObject({
      whatsapp: true,
      sms: true,
    });
    expect(await optOutsOf(mobile)).toEqual([]);
    expect(await nextUpdateChannel(applicationId, mobile)).toBe("WHATSAPP");
    // The same choices saved again change nothing.
    await app.services.updatePreferences.save(family.id, BOTH_ON);
    expect(await optOutsOf(mobile)).toEqual([]);
  });

  it("WhatsApp on gives every record without a choice its time, and the account its own; the box is on only when every number is", async () => {
    const family = await parent();
    const ticked = nextMobile();
    const unticked = nextMobile();
    await apply(family.token, ticked, true);
    const demo = await app.api("/demos", {
      method: "POST",
      token: family.token,
      json: { ...validDemo(), mobile: unticked },
    });
    expect(demo.status).toBe(201);
    const applicationId = await apply(family.token, unticked, false);
    const before = await choiceTimes(family.id);
    expect(before.account).toBeNull();
    expect(before.records.map((record) => record.at === null)).toEqual([false, true, true]);

    const shown = await choicesFor(family.id);
    expect(shown).toMatchObject({ whatsapp: false, sms: true });
    expect(shown.numbers.map((number) => [number.number, number.whatsapp])).toEqual([
      [ticked, true],
      [unticked, false],
    ]);
    expect(await nextUpdateChannel(applicationId, unticked)).toBe("SMS");

    const saved = await app.services.updatePreferences.save(family.id, BOTH_ON);
    expect(saved).toMatchObject({ whatsapp: true, sms: true });
    const after = await choiceTimes(family.id);
    expect(after.account).not.toBeNull();
    // The ticked record keeps the time it was given on the form; the others have the profile's.
    expect(after.records[0]).toEqual(before.records[0]);
    for (const record of after.records.slice(1)) expect(record.at).toEqual(after.account);
    // "Download my data" holds the account's own choice too.
    expect((await app.services.accountData.forUser(family.id))!.account.whatsappUpdatesAt).toEqual(
      after.account,
    );
    expect(await nextUpdateChannel(applicationId, unticked)).toBe("WHATSAPP");
  });

  it("a STOP sent from the phone stays until a START from it: the profile cannot switch WhatsApp back on", async () => {
    const family = await parent();
    const mobile = nextMobile();
    const applicationId = await apply(family.token, mobile, true);
    const message = (text: string) => ({
      from: mobile.slice(1),
      id: `wamid.${text}`,
      text,
      timestamp: new Date(),
    });
    await app.services.whatsappWebhook.handleInbound([message("STOP")]);

    const stopped = await choicesFor(family.id);
    expect(stopped).toMatchObject({ whatsapp: false, sms: true, numbers: [{ stoppedOnWhatsApp: true }] });
    const saved = await app.services.updatePreferences.save(family.id, BOTH_ON);
    expect(saved).toMatchObject({ whatsapp: false, numbers: [{ stoppedOnWhatsApp: true }] });
    expect(await optOutsOf(mobile)).toEqual([
      { number: mobile, channel: "WHATSAPP", source: "whatsapp-stop" },
    ]);
    expect(await nextUpdateChannel(applicationId, mobile)).toBe("SMS");

    await app.services.whatsappWebhook.handleInbound([message("START")]);
    expect(await choicesFor(family.id)).toMatchObject({ whatsapp: true });
    expect(await nextUpdateChannel(applicationId, mobile)).toBe("WHATSAPP");

    // Switched off on the profile first, a STOP is still the phone's own, and outlasts the switch back.
    await app.services.updatePreferences.save(family.id, SMS_ONLY);
    expect(await app.services.whatsappWebhook.handleInbound([message("STOP")])).toEqual({
      stopped: 1,
      started: 0,
    });
    await app.services.updatePreferences.save(family.id, BOTH_ON);
    expect(await optOutsOf(mobile)).toEqual([
      { number: mobile, channel: "WHATSAPP", source: "whatsapp-stop" },
    ]);
  });
});

describe("what the switches never do", () => {
  it("refuses anything but ticked or unticked boxes with a 400, changing nothing", async () => {
    const family = await parent();
    const mobile = nextMobile();
    await apply(family.token, mobile, true);
    await app.services.updatePreferences.save(family.id, SMS_ONLY);
    const before = { optOuts: await optOutsOf(mobile), times: await choiceTimes(family.id) };

    for (const input of [
      { whatsappUpdates: "yes", smsUpdates: "on" },
      { whatsappUpdates: "on", smsUpdates: "off" },
      { whatsappUpdates: ["on", "on"] },
      { smsUpdates: 1 },
      { whatsappUpdates: "" },
      "whatsappUpdates=on",
      ["on"],
    ]) {
      const refusal = await app.services.updatePreferences.save(family.id, input).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isAppError(refusal), JSON.stringify(input)).toBe(true);
      expect(refusal).toMatchObject({ status: 400, message: UPDATE_CHOICES_UNREADABLE });
    }
    expect({ optOuts: await optOutsOf(mobile), times: await choiceTimes(family.id) }).toEqual(before);
  });

  it("an account without a number has nothing to switch, and writes nothing", async () => {
    const family = await parent();
    expect(await choicesFor(family.id)).toEqual({
      whatsapp: false,
      sms: false,
      numbers: [],
    });
    const optOutsBefore = await app.db.select().from(updateOptOuts);
    expect(await app.services.updatePreferences.save(family.id, BOTH_OFF)).toMatchObject({ numbers: [] });
    expect(await app.services.updatePreferences.save(family.id, BOTH_ON)).toMatchObject({ numbers: [] });
    expect(await app.db.select().from(updateOptOuts)).toEqual(optOutsBefore);
    expect((await choiceTimes(family.id)).account).toBeNull();
  });

  it("another account's numbers and records are never touched, nor a record sent signed out from the account's address", async () => {
    const family = await parent();
    const neighbour = await parent();
    const ours = nextMobile();
    const theirs = nextMobile();
    const signedOut = nextMobile();
    await apply(family.token, ours, false);
    const neighbourApplication = await apply(neighbour.token, theirs, false);
    // Sent signed out from the family's (unproved) address: not theirs until they prove it.
    const [account] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, family.id));
    const stray = await app.api("/applications", {
      method: "POST",
      json: { ...validApplication(), email: account!.email, mobile: signedOut },
    });
    expect(stray.status).toBe(201);
    const neighbourBefore = await choiceTimes(neighbour.id);

    await app.services.updatePreferences.save(family.id, BOTH_OFF);
    expect(await optOutsOf(ours, theirs, signedOut)).toEqual([
      { number: ours, channel: "WHATSAPP", source: "profile" },
      { number: ours, channel: "SMS", source: "profile" },
    ]);
    await app.services.updatePreferences.save(family.id, BOTH_ON);
    expect(await optOutsOf(ours, theirs, signedOut)).toEqual([]);

    expect(await choiceTimes(neighbour.id)).toEqual(neighbourBefore);
    const [strayRow] = await app.db
      .select({ at: applications.whatsappUpdatesAt })
      .from(applications)
      .where(eq(applications.id, stray.body.id));
    expect(strayRow!.at).toBeNull();
    expect(await choicesFor(neighbour.id)).toMatchObject({
      whatsapp: false,
      sms: true,
      numbers: [{ number: theirs }],
    });
    expect(await nextUpdateChannel(neighbourApplication, theirs)).toBe("SMS");
  });

  it("an account that gives the family's number on a form cannot switch its updates back on; each lifts only its own", async () => {
    const family = await parent();
    const stranger = await parent();
    const mobile = nextMobile();
    const familyApplication = await apply(family.token, mobile, true);
    const strangerApplication = await apply(stranger.token, mobile, true);
    const setters = async () =>
      (
        await app.db
          .select({ channel: updateOptOuts.channel, setBy: updateOptOuts.setBy })
          .from(updateOptOuts)
          .where(eq(updateOptOuts.toNumber, mobile))
          .orderBy(updateOptOuts.channel, updateOptOuts.setBy)
      ).map(
        (row) =>
          `${row.channel}:${row.setBy === family.id ? "family" : row.setBy === stranger.id ? "stranger" : row.setBy}`,
      );

    await app.services.updatePreferences.save(family.id, BOTH_OFF);
    expect(await setters()).toEqual(["WHATSAPP:family", "SMS:family"]);
    // The stranger ticks both boxes: nothing of the family's is lifted, and the page says why.
    const refused = await app.services.updatePreferences.save(stranger.id, BOTH_ON);
    expect(refused).toMatchObject({
      whatsapp: false,
      sms: false,
      numbers: [{ number: mobile, whatsapp: false, sms: false, offByAnother: ["WHATSAPP", "SMS"] }],
    });
    expect(await setters()).toEqual(["WHATSAPP:family", "SMS:family"]);
    expect(await nextUpdateChannel(familyApplication, mobile)).toBeNull();
    expect(await nextUpdateChannel(strangerApplication, mobile)).toBeNull();
    // The family's own page names no other account's switch.
    expect(await choicesFor(family.id)).toMatchObject({
      numbers: [{ offByAnother: [] }],
    });

    // Both switched off, the family switching on lifts only its own: the stranger's still holds.
    await app.services.updatePreferences.save(stranger.id, BOTH_OFF);
    // Each account's data export holds its own switches, not the other's.
    const exported = async (userId: number) =>
      (await app.services.accountData.forUser(userId))!.updateOptOuts.map((row) => row.channel).sort();
    expect(await exported(family.id)).toEqual(["SMS", "WHATSAPP"]);
    expect(await exported(stranger.id)).toEqual(["SMS", "WHATSAPP"]);
    expect(await setters()).toHaveLength(4);
    await app.services.updatePreferences.save(family.id, BOTH_ON);
    expect(await setters()).toEqual(["WHATSAPP:stranger", "SMS:stranger"]);
    expect(await choicesFor(family.id)).toMatchObject({
      whatsapp: false,
      sms: false,
      numbers: [{ offByAnother: ["WHATSAPP", "SMS"] }],
    });
    expect(await nextUpdateChannel(familyApplication, mobile)).toBeNull();
    await app.services.updatePreferences.save(stranger.id, BOTH_ON);
    expect(await setters()).toEqual([]);
    expect(await nextUpdateChannel(familyApplication, mobile)).toBe("WHATSAPP");
  });

  it("an opt-out set before opt-outs named their account may be lifted by any account with the number, as then", async () => {
    const family = await parent();
    const mobile = nextMobile();
    const applicationId = await apply(family.token, mobile, false);
    await app.db.insert(updateOptOuts).values({ toNumber: mobile, channel: "SMS", source: "profile" });
    expect(await nextUpdateChannel(applicationId, mobile)).toBeNull();
    expect(await app.services.updatePreferences.save(family.id, SMS_ONLY)).toMatchObject({
      sms: true,
      numbers: [{ offByAnother: [] }],
    });
    expect(await optOutsOf(mobile)).toEqual([{ number: mobile, channel: "WHATSAPP", source: "profile" }]);
    expect(await nextUpdateChannel(applicationId, mobile)).toBe("SMS");
  });
});
