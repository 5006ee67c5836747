// The MSG91 Flow API client against the stand-in, over HTTP: the exact request it makes, the
// template it picks for a family's language, how every end of a send is classified (sent, failed,
// retry, uncertain), and the SMS texts of the templates (the DLT texts to register).
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import type { Msg91Config } from "~/domain/settings";
import { renderUpdateText, updateTemplate } from "~/domain/texts/updates";
import { MSG91_TEMPLATE_VARIABLES, UPDATE_PARAMETERS, type SmsKind } from "~/domain/updates";
import { createMsg91Client, type Msg91Client } from "~/services/updates/msg91.server";
import { startMsg91StandIn, type Msg91StandIn } from "../support/msg91-standin";

const AUTH_KEY = "412345AbCdEfGh0123456789";
const FAMILY = "+919876543210";
const SHORT_TIMEOUT_MS = 300;
const SMS_KINDS = Object.keys(MSG91_TEMPLATE_VARIABLES) as SmsKind[];

/** A server that answers every request with `respond`: shapes of answer the stand-in never gives. */
async function startScripted(respond: (response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => respond(response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let standIn: Msg91StandIn;
const settings = (templates: Msg91Config["templates"] = standIn.templates): Msg91Config => ({
  apiUrl: standIn.url,
  authKey: AUTH_KEY,
  senderId: "ZIPATS",
  templates,
});
const client = (config: Msg91Config = settings()): Msg91Client =>
  createMsg91Client(config, { timeoutMs: SHORT_TIMEOUT_MS });

beforeAll(async () => {
  standIn = await startMsg91StandIn({ authKey: AUTH_KEY });
});
afterAll(async () => {
  await standIn?.close();
});

const payment = {
  to: FAMILY,
  kind: "paymentReceived" as const,
  language: "en" as const,
  parameters: ["Asha Rao", "Rs 15,000", "Grade 2", "https://zipat.school/r/x7Kq2"],
};

describe("sending an SMS", () => {
  it("posts the Flow API's request, 91 and ten digits, and answers sent with MSG91's request id", async () => {
    const before = standIn.messages().length;
    const outcome = await client().send(payment);
    const sms = standIn.messages()[before]!;
    expect(outcome).toEqual({ kind: "sent", providerId: sms.requestId });
    expect(sms.requestId).toMatch(/^[0-9a-f]{24}$/);
    expect(sms.request).toEqual({
      template_id: standIn.templates.paymentReceived!.en,
      short_url: "0",
      recipients: [
        {
          mobiles: "919876543210",
          var1: "Asha Rao",
          var2: "Rs 15,000",
          var3: "Grade 2",
          var4: "https://zipat.school/r/x7Kq2",
        },
      ],
    });
    expect(sms.text).toBe(
      "Dear Asha Rao, we have received your payment of Rs 15,000 for admission to Grade 2. Receipt: https://zipat.school/r/x7Kq2 - Zipat",
    );
  });

  it("uses the Hindi template for a Hindi family when there is one, the English one otherwise", async () => {
    const hindi = await client().send({ ...payment, language: "hi" });
    expect(hindi.kind).toBe("sent");
    expect(standIn.messages().at(-1)).toMatchObject({
      templateId: standIn.templates.paymentReceived!.hi,
      language: "hi",
      text: "प्रिय Asha Rao, आपका Rs 15,000 का भुगतान (Grade 2 में प्रवेश) मिल गया है। रसीद: https://zipat.school/r/x7Kq2 - Zipat",
    });
    const englishOnly = Object.fromEntries(
      SMS_KINDS.map((kind) => [kind, { en: standIn.templates[kind]!.en }]),
    ) as Msg91Config["templates"];
    const withoutHindi = client(settings(englishOnly));
    expect((await withoutHindi.send({ ...payment, language: "hi" })).kind).toBe("sent");
    expect(standIn.messages().at(-1)).toMatchObject({
      templateId: standIn.templates.paymentReceived!.en,
      language: "en",
    });
    expect(client().smsLanguage("paymentReceived", "hi")).toBe("hi");
    expect(withoutHindi.smsLanguage("paymentReceived", "hi")).toBe("en");
    expect(client().smsLanguage("paymentReceived", "en")).toBe("en");
    expect(client().smsLanguage("optedOut", "hi")).toBeNull();
  });

  it("is built from the settings as the server reads them", async () => {
    const env = Object.fromEntries(
      SMS_KINDS.flatMap((kind) => [
        [MSG91_TEMPLATE_VARIABLES[kind], standIn.templates[kind]!.en],
        [`${MSG91_TEMPLATE_VARIABLES[kind]}_HI`, standIn.templates[kind]!.hi!],
      ]),
    );
    const config = loadConfig({
      ...env,
      MSG91_AUTH_KEY: AUTH_KEY,
      MSG91_SENDER_ID: "ZIPATS",
      MSG91_API_URL: standIn.url,
    });
    const outcome = await createMsg91Client(config.sms!).send({
      ...payment,
      kind: "demoReceived",
      parameters: ["Asha", "Meera", "5 June, 11:00 am"],
    });
    expect(outcome).toEqual({ kind: "sent", providerId: standIn.messages().at(-1)!.requestId });
    expect(standIn.messages().at(-1)!.text).toBe(
      "Dear Asha, your free demo class for Meera is booked for 5 June, 11:00 am. We will call you to confirm it. - Zipat",
    );
  });
});

describe("refusals: failed", () => {
  it("refuses without asking MSG91: a kind without SMS, a number outside India, the wrong parameters", async () => {
    const before = standIn.messages().length;
    expect(await client().send({ to: FAMILY, kind: "optedOut", language: "en", parameters: [] })).toEqual({
      kind: "failed",
      reason: "There is no MSG91 template for optedOut",
    });
    for (const to of ["+14155550100", "9876543210", "+91 98765 43210", "+915876543210"])
      expect(await client().send({ ...payment, to })).toEqual({
        kind: "failed",
        reason: "SMS go to Indian mobile numbers only (+91 and 10 digits)",
      });
    expect(await client().send({ ...payment, parameters: ["Asha Rao"] })).toEqual({
      kind: "failed",
      reason: "paymentReceived takes 4 parameters, 1 were given",
    });
    expect(standIn.messages()).toHaveLength(before);
  });

  it("a wrong auth key, a template the account does not have: MSG91's reason", async () => {
    expect(await client({ ...settings(), authKey: "not-the-auth-key" }).send(payment)).toEqual({
      kind: "failed",
      reason: "Authentication failure",
      code: 401,
    });
    const unknown = { ...standIn.templates, paymentReceived: { en: "0123456789abcdef01234567" } };
    expect(await client(settings(unknown)).send(payment)).toEqual({
      kind: "failed",
      reason: "Invalid template_id: no such template in the account",
    });
  });

  it("an error MSG91 answers with 200, masking a number it quotes; a 4xx that is not JSON", async () => {
    const dnd = await startScripted((response) =>
      response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ type: "error", message: "Mobile 919876543210 is in DND", code: "211" })),
    );
    const html = await startScripted((response) => response.writeHead(400).end("<html>Bad request</html>"));
    try {
      expect(await client({ ...settings(), apiUrl: dnd.url }).send(payment)).toEqual({
        kind: "failed",
        reason: "Mobile … is in DND",
        code: 211,
      });
      expect(await client({ ...settings(), apiUrl: html.url }).send(payment)).toEqual({
        kind: "failed",
        reason: "MSG91 answered 400",
      });
    } finally {
      await dnd.close();
      await html.close();
    }
  });

  it("the stand-in refuses a variable missing or extra, and a number without 91", async () => {
    const post = async (recipient: Record<string, string>) => {
      const response = await fetch(`${standIn.url}/api/v5/flow`, {
        method: "POST",
        headers: { authkey: AUTH_KEY, "Content-Type": "application/json" },
        body: JSON.stringify({
          template_id: standIn.templates.demoConfirmed!.en,
          short_url: "0",
          recipients: [recipient],
        }),
      });
      return { status: response.status, json: await response.json() };
    };
    const filled = { mobiles: "919876543210", var1: "Asha", var2: "Meera", var3: "5 June" };
    expect(await post(filled)).toMatchObject({ status: 200, json: { type: "success" } });
    expect(await post({ ...filled, var3: "" })).toEqual({
      status: 400,
      json: { type: "error", message: "Variable(s) missing for the template: var3" },
    });
    expect(await post({ ...filled, var4: "x" })).toEqual({
      status: 400,
      json: { type: "error", message: "Variable(s) not in the template: var4" },
    });
    expect(await post({ ...filled, mobiles: "9876543210" })).toEqual({
      status: 400,
      json: { type: "error", message: "Invalid mobile number: give 91 and the 10-digit number" },
    });
  });
});

describe("busy or down: retry, for nothing was sent", () => {
  it("a 500, then a 429 with Retry-After, then sent", async () => {
    const before = standIn.messages().length;
    standIn.failNext(500);
    standIn.failNext(429, 1, 3);
    expect(await client().send(payment)).toEqual({ kind: "retry", reason: "MSG91 answered 500" });
    expect(await client().send(payment)).toEqual({
      kind: "retry",
      reason: "MSG91 answered 429",
      retryAfterMs: 3_000,
    });
    expect(standIn.messages()).toHaveLength(before);
    expect((await client().send(payment)).kind).toBe("sent");
  });

  it("a connection refused (ECONNREFUSED)", async () => {
    await standIn.stop();
    try {
      expect(await client().send(payment)).toEqual({
        kind: "retry",
        reason: "MSG91 could not be reached (ECONNREFUSED)",
      });
    } finally {
      await standIn.start();
    }
  });
});

describe("the answer lost: uncertain, for MSG91 may have sent the SMS", () => {
  it("no answer within the timeout, though the SMS was taken", async () => {
    const before = standIn.messages().length;
    standIn.hangNext();
    expect(await client().send(payment)).toEqual({
      kind: "uncertain",
      reason: `MSG91 did not answer within ${SHORT_TIMEOUT_MS} ms`,
    });
    expect(standIn.messages()).toHaveLength(before + 1);
  });

  it("the connection closed after the request (UND_ERR_SOCKET), though the SMS was taken", async () => {
    const before = standIn.messages().length;
    standIn.closeNext();
    expect(await client().send(payment)).toEqual({
      kind: "uncertain",
      reason: "the connection to MSG91 was lost before its answer (UND_ERR_SOCKET)",
    });
    expect(standIn.messages()).toHaveLength(before + 1);
  });

  it("a 200 that names no request", async () => {
    const bare = await startScripted((response) =>
      response.writeHead(200, { "Content-Type": "application/json" }).end('{"type":"success"}'),
    );
    const text = await startScripted((response) => response.writeHead(200).end("OK"));
    try {
      for (const apiUrl of [bare.url, text.url])
        expect(await client({ ...settings(), apiUrl }).send(payment)).toEqual({
          kind: "uncertain",
          reason: "MSG91 took the request but its answer had no request id",
        });
    } finally {
      await bare.close();
      await text.close();
    }
  });
});

describe("the SMS (DLT) texts", () => {
  /** GSM 03.38's basic set: one letter outside it makes an SMS Unicode, 70 letters a part. */
  const GSM_7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

  it("take UPDATE_PARAMETERS as ##var1##…##varN##, each once and in order", () => {
    for (const language of ["en", "hi"] as const)
      for (const kind of SMS_KINDS) {
        const text = updateTemplate("SMS", kind, language)!;
        const numbers = [...text.matchAll(/##var(\d+)##/g)].map((match) => Number(match[1]));
        const count = UPDATE_PARAMETERS[kind].length;
        expect(numbers, `${kind} ${language}`).toEqual(
          Array.from({ length: count }, (_, index) => index + 1),
        );
      }
    expect(updateTemplate("SMS", "optedOut", "en")).toBeNull();
    expect(() => renderUpdateText("SMS", "optedIn", "hi", [])).toThrow(
      "There is no SMS template for optedIn",
    );
  });

  it("are GSM-7 in English, and fit one SMS (160) with everyday values", () => {
    const everyday: Record<string, string> = {
      parentName: "Rajesh Kumar Sharma",
      studentName: "Ananya Sharma",
      grade: "Kindergarten",
      reference: "10234",
      status: "Approved",
      link: "https://zipat.school/p/x7Kq2",
      when: "12 Jun 2026, 4:00 pm",
      expires: "12 Jun 2026, 6:00 pm",
      amount: "Rs 1,25,000",
    };
    for (const kind of SMS_KINDS) {
      const text = renderUpdateText(
        "SMS",
        kind,
        "en",
        UPDATE_PARAMETERS[kind].map((name) => everyday[name]!),
      );
      expect(text, kind).toMatch(GSM_7);
      expect(text.length, text).toBeLessThanOrEqual(160);
    }
  });
});
