// The WhatsApp Cloud API client against the stand-in, over HTTP: the exact request it makes, how
// every end of a send is classified (sent, failed, retry, uncertain), the webhooks' signature and
// what is read from them, and the WhatsApp bodies of the templates.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { renderUpdateText, updateTemplate } from "~/domain/texts/updates";
import { UPDATE_KINDS, UPDATE_PARAMETERS, WHATSAPP_UNREACHABLE_CODES } from "~/domain/updates";
import { retryAfter } from "~/services/updates/http.server";
import {
  createWhatsAppClient,
  parseWhatsAppWebhook,
  verifyWhatsAppSignature,
  whatsAppSubscriptionChallenge,
  type WhatsAppInboundMessage,
  type WhatsAppStatusUpdate,
} from "~/services/updates/whatsapp.server";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "../support/whatsapp-standin";

const PHONE_NUMBER_ID = "106540352242922";
const ACCESS_TOKEN = "EAAGm0PX4ZCpsBAunit-test-access-token";
const APP_SECRET = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
const VERIFY_TOKEN = "zipat-unit-verify";
const FAMILY = "+919876543210";
const SHORT_TIMEOUT_MS = 300;

type Received = { body: Buffer; signature: string | undefined };

/** The site's side: keeps each webhook's raw bytes, answers Meta's subscription check. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (request.method === "GET") {
      const challenge = whatsAppSubscriptionChallenge(url.searchParams, VERIFY_TOKEN);
      response.writeHead(challenge ? 200 : 403, { "Content-Type": "text/plain" }).end(challenge ?? "");
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const signature = request.headers["x-hub-signature-256"];
      received.push({
        body: Buffer.concat(chunks),
        signature: typeof signature === "string" ? signature : undefined,
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/messages/whatsapp/webhook`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that answers every request with `respond`: shapes of answer the stand-in never gives. */
async function startScripted(respond: (response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => respond(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/v21.0`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let standIn: WhatsAppStandIn;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const settings = () => ({
  apiUrl: standIn.apiUrl,
  phoneNumberId: PHONE_NUMBER_ID,
  accessToken: ACCESS_TOKEN,
  appSecret: APP_SECRET,
  verifyToken: VERIFY_TOKEN,
});
const client = () => createWhatsAppClient(settings(), { timeoutMs: SHORT_TIMEOUT_MS });

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startWhatsAppStandIn({
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
    verifyToken: VERIFY_TOKEN,
    webhookUrl: receiver.url,
    autoStatuses: false,
  });
});
afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});

const offer = {
  to: FAMILY,
  kind: "offerMade" as const,
  language: "en" as const,
  parameters: ["Asha Rao", "Meera", "Grade 2", "5 June 2026, 6:00 pm", "https://zipat.school/p/x7Kq2"],
};

describe("sending a template", () => {
  it("posts WhatsApp's template message, E.164 without '+', and answers sent with the wamid", async () => {
    const before = standIn.messages().length;
    const outcome = await client().send({ ...offer, language: "hi" });
    const message = standIn.messages()[before]!;
    expect(outcome).toEqual({ kind: "sent", providerId: message.id });
    expect(message.id).toMatch(/^wamid\.[\w-]{32}$/);
    expect(message.request).toEqual({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: {
        name: "zipat_seat_offered",
        language: { code: "hi" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Asha Rao" },
              { type: "text", text: "Meera" },
              { type: "text", text: "Grade 2" },
              { type: "text", text: "5 June 2026, 6:00 pm" },
              { type: "text", text: "https://zipat.school/p/x7Kq2" },
            ],
          },
        ],
      },
    });
    expect(message).toMatchObject({ to: "919876543210", kind: "offerMade", language: "hi" });
    expect(message.text).toBe(
      "प्रिय Asha Rao, खुशखबरी: Zipat में Meera के लिए Grade 2 में एक सीट है। हमने यह सीट 5 June 2026, 6:00 pm तक आपके लिए रखी है। सीट पक्की करने के लिए, उससे पहले ऑफ़र स्वीकार करें और फ़ीस का भुगतान करें: https://zipat.school/p/x7Kq2\n\nये अपडेट बंद करने के लिए STOP लिखकर भेजें।",
    );
  });

  it("leaves out components for a template without parameters, and takes a number without '+'", async () => {
    const before = standIn.messages().length;
    const outcome = await client().send({
      to: "919876543210",
      kind: "optedOut",
      language: "en",
      parameters: [],
    });
    const message = standIn.messages()[before]!;
    expect(outcome).toEqual({ kind: "sent", providerId: message.id });
    expect(message.request).toEqual({
      messaging_product: "whatsapp",
      to: "919876543210",
      type: "template",
      template: { name: "zipat_opted_out", language: { code: "en" } },
    });
  });

  it("folds line breaks, tabs and runs of spaces in a parameter, which Graph refuses", async () => {
    const before = standIn.messages().length;
    const outcome = await client().send({
      to: FAMILY,
      kind: "demoConfirmed",
      language: "en",
      parameters: ["Asha\nRao", "Meera\t K", "5 June,      11:00 am"],
    });
    expect(outcome.kind).toBe("sent");
    expect(standIn.messages()[before]!.parameters).toEqual(["Asha Rao", "Meera K", "5 June, 11:00 am"]);
  });

  it("refuses a number that is not E.164 without asking WhatsApp", async () => {
    const before = standIn.messages().length;
    for (const to of ["98765 43210", "+0123456789", "+91987654321098765", ""]) {
      expect(await client().send({ ...offer, to })).toEqual({
        kind: "failed",
        reason: "The number is not a phone number in E.164 form",
      });
    }
    expect(standIn.messages()).toHaveLength(before);
  });

  it("is built from the settings as the server reads them", async () => {
    const config = loadConfig({
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_ACCESS_TOKEN: ACCESS_TOKEN,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_API_URL: `${standIn.apiUrl}/`,
    });
    const outcome = await createWhatsAppClient(config.whatsapp!).send(offer);
    expect(outcome).toEqual({ kind: "sent", providerId: standIn.messages().at(-1)!.id });
  });
});

describe("refusals: failed, with Graph's reason and code", () => {
  it("a parameter count the template does not take (132000)", async () => {
    const outcome = await client().send({ ...offer, parameters: offer.parameters.slice(0, 3) });
    expect(outcome).toEqual({
      kind: "failed",
      code: 132000,
      reason:
        "(#132000) Number of parameters does not match the expected number of params: body: number of localizable_params (3) does not match the expected number of params (5)",
    });
  });

  it("a wrong access token (190) and another account's phone number id (100)", async () => {
    expect(
      await createWhatsAppClient({ ...settings(), accessToken: "EAAnot-the-token" }).send(offer),
    ).toEqual({
      kind: "failed",
      code: 190,
      reason: "Invalid OAuth access token - Cannot parse access token",
    });
    const other = await createWhatsAppClient({ ...settings(), phoneNumberId: "999999999999999" }).send(offer);
    expect(other).toMatchObject({ kind: "failed", code: 100 });
    expect((other as { reason: string }).reason).toContain("Object with ID '…' does not exist");
  });

  it("an answer that is not Graph's error shape says only the status", async () => {
    const scripted = await startScripted((response) => response.writeHead(403).end("<html>Forbidden</html>"));
    try {
      expect(await createWhatsAppClient({ ...settings(), apiUrl: scripted.apiUrl }).send(offer)).toEqual({
        kind: "failed",
        reason: "WhatsApp answered 403",
      });
    } finally {
      await scripted.close();
    }
  });

  it("masks a phone number quoted in the provider's reason", async () => {
    const scripted = await startScripted((response) =>
      response
        .writeHead(400, { "Content-Type": "application/json" })
        .end(JSON.stringify({ error: { message: "Recipient 919876543210 is not allowed", code: 131030 } })),
    );
    try {
      expect(await createWhatsAppClient({ ...settings(), apiUrl: scripted.apiUrl }).send(offer)).toEqual({
        kind: "failed",
        code: 131030,
        reason: "Recipient … is not allowed",
      });
    } finally {
      await scripted.close();
    }
  });

  it("the stand-in refuses an unknown template or language (132001) and a parameter that is not text", async () => {
    const post = async (template: object) => {
      const response = await fetch(`${standIn.apiUrl}/${PHONE_NUMBER_ID}/messages`, {
        method: "POST",
        headers: { Authorization: `Bearer ${ACCESS_TOKEN}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          to: "919876543210",
          type: "template",
          template,
        }),
      });
      return { status: response.status, json: (await response.json()) as { error: Record<string, unknown> } };
    };
    const unknown = await post({ name: "zipat_no_such_template", language: { code: "en" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({
      code: 132001,
      message: "(#132001) Template name does not exist in the translation",
      error_data: { details: "template name (zipat_no_such_template) does not exist in en" },
    });
    const language = await post({ name: "zipat_opted_in", language: { code: "fr" } });
    expect(language.json.error).toMatchObject({ code: 132001 });
    const image = await post({
      name: "zipat_demo_received",
      language: { code: "en" },
      components: [
        { type: "body", parameters: [{ type: "image", image: { link: "https://x.test/a.png" } }] },
      ],
    });
    expect(image.json.error).toMatchObject({ code: 132012 });
  });
});

describe("busy or down: retry, for nothing was sent", () => {
  it("a 500, then a 429 with Retry-After, then sent", async () => {
    const before = standIn.messages().length;
    standIn.failNext(500);
    standIn.failNext(429, 1, 7);
    expect(await client().send(offer)).toEqual({ kind: "retry", reason: "WhatsApp answered 500" });
    expect(await client().send(offer)).toEqual({
      kind: "retry",
      reason: "WhatsApp answered 429",
      retryAfterMs: 7_000,
    });
    expect(standIn.messages()).toHaveLength(before);
    expect((await client().send(offer)).kind).toBe("sent");
  });

  it("a rate limit Graph answers with a 400 (131056: too many to one number)", async () => {
    const scripted = await startScripted((response) =>
      response.writeHead(400, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          error: {
            message: "(#131056) (Business Account, Consumer Account) pair rate limit hit",
            code: 131056,
          },
        }),
      ),
    );
    try {
      expect(await createWhatsAppClient({ ...settings(), apiUrl: scripted.apiUrl }).send(offer)).toEqual({
        kind: "retry",
        reason: "(#131056) (Business Account, Consumer Account) pair rate limit hit",
      });
    } finally {
      await scripted.close();
    }
  });

  it("a connection refused (ECONNREFUSED)", async () => {
    await standIn.stop();
    try {
      expect(await client().send(offer)).toEqual({
        kind: "retry",
        reason: "WhatsApp could not be reached (ECONNREFUSED)",
      });
    } finally {
      await standIn.start();
    }
  });
});

describe("the answer lost: uncertain, for WhatsApp may have the message", () => {
  it("no answer within the timeout, though the message was taken", async () => {
    const before = standIn.messages().length;
    standIn.hangNext();
    const started = Date.now();
    expect(await client().send(offer)).toEqual({
      kind: "uncertain",
      reason: `WhatsApp did not answer within ${SHORT_TIMEOUT_MS} ms`,
    });
    expect(Date.now() - started).toBeLessThan(SHORT_TIMEOUT_MS + 1_000);
    expect(standIn.messages()).toHaveLength(before + 1);
  });

  it("the connection closed after the request (UND_ERR_SOCKET), though the message was taken", async () => {
    const before = standIn.messages().length;
    standIn.closeNext();
    expect(await client().send(offer)).toEqual({
      kind: "uncertain",
      reason: "the connection to WhatsApp was lost before its answer (UND_ERR_SOCKET)",
    });
    expect(standIn.messages()).toHaveLength(before + 1);
  });

  it("a 200 without a message id, or cut short", async () => {
    const noId = await startScripted((response) =>
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"messaging_product":"whatsapp"}'),
    );
    const cut = await startScripted((response) => {
      response.writeHead(200, { "Content-Type": "application/json", "Content-Length": "200" });
      response.write('{"messages":[{"id":"wamid.');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    try {
      for (const apiUrl of [noId.apiUrl, cut.apiUrl])
        expect(await createWhatsAppClient({ ...settings(), apiUrl }).send(offer)).toEqual({
          kind: "uncertain",
          reason: "WhatsApp took the message but its answer had no message id",
        });
    } finally {
      await noId.close();
      await cut.close();
    }
  });
});

describe("Retry-After", () => {
  it("reads seconds or an HTTP date, and nothing else", () => {
    expect(retryAfter("7")).toBe(7_000);
    expect(retryAfter("0")).toBe(0);
    expect(retryAfter(null)).toBeUndefined();
    expect(retryAfter("soon")).toBeUndefined();
    const inAMinute = retryAfter(new Date(Date.now() + 60_000).toUTCString())!;
    expect(inAMinute).toBeGreaterThan(58_000);
    expect(inAMinute).toBeLessThanOrEqual(60_000);
    expect(retryAfter("Thu, 01 Jan 2015 00:00:00 GMT")).toBe(0);
  });
});

describe("webhooks", () => {
  const sha256 = (body: Buffer | string, secret = APP_SECRET) =>
    `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  const parsed = (delivery: Received) => parseWhatsAppWebhook(JSON.parse(delivery.body.toString("utf8")));

  it("Meta's subscription check is answered with the challenge only for our verify token", async () => {
    const ours = await standIn.subscribe();
    expect(ours).toEqual({ status: 200, body: ours.challenge, challenge: ours.challenge });
    expect((await standIn.subscribe("not-our-token")).status).toBe(403);
    const query = new URLSearchParams({
      "hub.mode": "unsubscribe",
      "hub.verify_token": VERIFY_TOKEN,
      "hub.challenge": "1",
    });
    expect(whatsAppSubscriptionChallenge(query, VERIFY_TOKEN)).toBeNull();
  });

  it("a message taken is followed by sent, delivered and read, each signed and read back", async () => {
    const firstWebhook = receiver.received.length;
    const firstDelivery = standIn.webhooks.length;
    standIn.setAutoStatuses(true);
    try {
      const outcome = await client().send(offer);
      if (outcome.kind !== "sent") throw new Error(`not sent: ${JSON.stringify(outcome)}`);
      await standIn.waitForWebhooks(firstDelivery + 3);
      const deliveries = receiver.received.slice(firstWebhook);
      expect(deliveries).toHaveLength(3);
      const statuses = deliveries.map((delivery) => {
        expect(verifyWhatsAppSignature(delivery.body, delivery.signature, APP_SECRET)).toBe(true);
        expect(delivery.signature).toBe(sha256(delivery.body));
        return parsed(delivery);
      });
      const expected = (status: WhatsAppStatusUpdate["status"]) => ({
        statuses: [
          { id: outcome.providerId, status, timestamp: expect.any(Date), recipient: "919876543210" },
        ],
        inbound: [],
      });
      expect(statuses).toEqual([expected("sent"), expected("delivered"), expected("read")]);
      expect(Math.abs(statuses[0]!.statuses[0]!.timestamp.getTime() - Date.now())).toBeLessThan(5_000);
    } finally {
      standIn.setAutoStatuses(false);
    }
  });

  it("a number not on WhatsApp: taken, then failed with 131026", async () => {
    const number = "+919812300000";
    standIn.notOnWhatsApp(number);
    const firstWebhook = standIn.webhooks.length;
    const outcome = await client().send({ ...offer, to: number });
    if (outcome.kind !== "sent") throw new Error(`not sent: ${JSON.stringify(outcome)}`);
    await standIn.waitForWebhooks(firstWebhook + 1);
    const delivery = standIn.webhooks[firstWebhook]!;
    expect(verifyWhatsAppSignature(Buffer.from(delivery.body), delivery.signature, APP_SECRET)).toBe(true);
    const failed = parseWhatsAppWebhook(JSON.parse(delivery.body));
    expect(failed.statuses).toEqual([
      {
        id: outcome.providerId,
        status: "failed",
        timestamp: expect.any(Date),
        errorCode: 131026,
        errorTitle: "Message undeliverable",
        recipient: "919812300000",
      },
    ]);
    expect(WHATSAPP_UNREACHABLE_CODES).toContain(failed.statuses[0]!.errorCode);
  });

  it("sendStatus sends the status asked for", async () => {
    const outcome = await client().send(offer);
    if (outcome.kind !== "sent") throw new Error(`not sent: ${JSON.stringify(outcome)}`);
    const delivery = await standIn.sendStatus(outcome.providerId, "delivered");
    expect(delivery.status).toBe(200);
    expect(parseWhatsAppWebhook(JSON.parse(delivery.body)).statuses).toEqual([
      { id: outcome.providerId, status: "delivered", timestamp: expect.any(Date), recipient: "919876543210" },
    ]);
  });

  it("a family's STOP in Hindi arrives as Meta writes it (\\u escapes) and verifies on the raw bytes", async () => {
    const delivery = await standIn.sendInbound(FAMILY, "रोकें");
    const received = receiver.received.at(-1)!;
    expect(received.body.toString("utf8")).toBe(delivery.body);
    expect(delivery.body).toContain("\\u0930\\u094b\\u0915\\u0947\\u0902");
    expect(verifyWhatsAppSignature(received.body, received.signature, APP_SECRET)).toBe(true);
    // The same words serialised again are other bytes, with another signature.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(delivery.body)));
    expect(verifyWhatsAppSignature(reserialised, received.signature, APP_SECRET)).toBe(false);
    const inbound: WhatsAppInboundMessage[] = parsed(received).inbound;
    expect(inbound).toEqual([
      { from: "919876543210", id: delivery.messageId, text: "रोकें", timestamp: expect.any(Date) },
    ]);
  });
});

describe("verifyWhatsAppSignature", () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
  const right = `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;

  it("accepts sha256= and the hex HMAC-SHA256 of the raw body with the app secret", () => {
    expect(verifyWhatsAppSignature(body, right, APP_SECRET)).toBe(true);
    expect(verifyWhatsAppSignature(body, right.toUpperCase().replace("SHA256=", "sha256="), APP_SECRET)).toBe(
      true,
    );
  });

  it("refuses another secret, another body, a missing, malformed or other-length header", () => {
    const refused = (header: string | undefined, raw = body) =>
      expect(verifyWhatsAppSignature(raw, header, APP_SECRET), String(header)).toBe(false);
    refused(`sha256=${createHmac("sha256", "another-app-secret").update(body).digest("hex")}`);
    refused(right, Buffer.from('{"object":"whatsapp_business_account","entry":[] }'));
    refused(undefined);
    refused("");
    refused(right.slice("sha256=".length));
    refused(right.replace("sha256=", "sha1="));
    refused(`sha256=${"z".repeat(64)}`);
    refused(right.slice(0, -2));
    refused(`${right}00`);
    refused(`${right.slice(0, -1)}`);
  });
});

describe("parseWhatsAppWebhook", () => {
  const webhook = (value: object, field = "messages") => ({
    object: "whatsapp_business_account",
    entry: [
      { id: "102290129340398", changes: [{ value: { messaging_product: "whatsapp", ...value }, field }] },
    ],
  });

  it("reads statuses, skipping unknown ones and malformed items, ignoring extra fields", () => {
    const { statuses, inbound } = parseWhatsAppWebhook(
      webhook({
        statuses: [
          {
            id: "wamid.A",
            status: "delivered",
            timestamp: "1767225600",
            recipient_id: "919876543210",
            pricing: {},
          },
          { id: "wamid.B", status: "deleted", timestamp: "1767225600" },
          { id: "wamid.C", status: "read", timestamp: "yesterday" },
          {
            id: "wamid.D",
            status: "failed",
            timestamp: 1767225601,
            errors: [{ code: 131049, title: "Not delivered" }],
          },
          "junk",
        ],
      }),
    );
    expect(statuses).toEqual([
      {
        id: "wamid.A",
        status: "delivered",
        timestamp: new Date("2026-01-01T00:00:00Z"),
        recipient: "919876543210",
      },
      {
        id: "wamid.D",
        status: "failed",
        timestamp: new Date("2026-01-01T00:00:01Z"),
        errorCode: 131049,
        errorTitle: "Not delivered",
      },
    ]);
    expect(inbound).toEqual([]);
  });

  it("reads what a family wrote or pressed; media has no text", () => {
    const at = { timestamp: "1767225600" };
    const { inbound } = parseWhatsAppWebhook(
      webhook({
        contacts: [{ profile: { name: "Asha" }, wa_id: "919876543210" }],
        messages: [
          { from: "919876543210", id: "wamid.1", ...at, type: "text", text: { body: " Stop " } },
          {
            from: "919876543210",
            id: "wamid.2",
            ...at,
            type: "button",
            button: { text: "START", payload: "x" },
          },
          {
            from: "919876543210",
            id: "wamid.3",
            ...at,
            type: "interactive",
            interactive: { type: "button_reply", button_reply: { id: "b1", title: "शुरू" } },
          },
          { from: "919876543210", id: "wamid.4", ...at, type: "image", image: { id: "media-1" } },
          { id: "wamid.5", ...at, type: "text", text: { body: "no sender" } },
        ],
      }),
    );
    const when = new Date("2026-01-01T00:00:00Z");
    expect(inbound).toEqual([
      { from: "919876543210", id: "wamid.1", text: " Stop ", timestamp: when },
      { from: "919876543210", id: "wamid.2", text: "START", timestamp: when },
      { from: "919876543210", id: "wamid.3", text: "शुरू", timestamp: when },
      { from: "919876543210", id: "wamid.4", text: null, timestamp: when },
    ]);
  });

  it("gives empty lists for junk, other fields and other shapes, without throwing", () => {
    const empty = { statuses: [], inbound: [] };
    for (const junk of [
      null,
      undefined,
      42,
      "entry",
      [],
      {},
      { entry: "x" },
      { entry: [null, 1, { changes: "x" }] },
      { entry: [{ changes: [null, { value: null }, { value: { statuses: "x", messages: {} } }] }] },
      webhook({ statuses: [{ id: "wamid.A", status: "read", timestamp: "1" }] }, "account_update"),
    ])
      expect(parseWhatsAppWebhook(junk), JSON.stringify(junk)).toEqual(empty);
  });
});

describe("the WhatsApp bodies", () => {
  it("take UPDATE_PARAMETERS as {{1}}…{{n}}, each once and in order, and never end on a variable", () => {
    for (const language of ["en", "hi"] as const)
      for (const kind of UPDATE_KINDS) {
        const body = updateTemplate("WHATSAPP", kind, language)!;
        const numbers = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
        const count = UPDATE_PARAMETERS[kind].length;
        expect(numbers, `${kind} ${language}`).toEqual(
          Array.from({ length: count }, (_, index) => index + 1),
        );
        expect(body, `${kind} ${language}`).not.toMatch(/^\{\{|\}\}$/);
        expect(body.length, `${kind} ${language}`).toBeLessThanOrEqual(1024);
      }
  });

  it("are rendered with their parameters, and refuse the wrong number of them", () => {
    expect(renderUpdateText("WHATSAPP", "demoConfirmed", "en", ["Asha", "Meera", "5 June, 11:00 am"])).toBe(
      "Dear Asha, the free demo class for Meera at Zipat is confirmed for 5 June, 11:00 am. We look forward to meeting your child.\n\nReply STOP to stop these updates.",
    );
    expect(() => renderUpdateText("WHATSAPP", "demoConfirmed", "en", ["Asha"])).toThrow(
      "The WHATSAPP template for demoConfirmed takes 3 parameters, not 1",
    );
  });
});
