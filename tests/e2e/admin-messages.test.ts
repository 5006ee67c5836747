import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplication } from "../api/helpers";
import { callApi } from "../support/app";
import { captureWidths, expectAccessible, MODES, openPage, signIn } from "../support/browser";
import { CONSENT_FIELDS } from "../support/forms";
import { startMsg91StandIn, type Msg91StandIn } from "../support/msg91-standin";
import type { RunningServer } from "../support/server";
import { E2E_ADMIN } from "../support/site";
import { siteAndBrowserForFile } from "../support/site-and-browser";
import { msg91Env, whatsAppEnv } from "../support/updates-env";
import { startWhatsAppStandIn, type WhatsAppStandIn } from "../support/whatsapp-standin";

const ACCOUNT = {
  phoneNumberId: "106540352242922",
  accessToken: "e2e-whatsapp-access-token",
  appSecret: "e2e-whatsapp-app-secret",
  verifyToken: "e2e-whatsapp-verify-token",
};
const MSG91_KEY = "e2e-msg91-auth-key";

/**
 * What staff see of the WhatsApp and SMS updates (issue 39 point 6), with JavaScript off and on:
 * /admin/messages with its status tabs and channel filter, a masked number, the provider's reason
 * for a failure, "Send again" once per click with the click in the record's history, and the
 * record's page with its messages and the family's choice; and an SMS's long link sent short
 * (DLT's 30 letters a variable) that opens its page. The site runs with both channels,
 * talking to the repository's stand-ins over HTTP.
 */
describe("admin messages", () => {
  let whatsapp: WhatsAppStandIn;
  let msg91: Msg91StandIn;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [whatsapp, msg91] = await Promise.all([
      startWhatsAppStandIn(ACCOUNT),
      startMsg91StandIn({ authKey: MSG91_KEY }),
    ]);
  });
  siteAndBrowserForFile(
    (site) => {
      ({ server, browser } = site);
      whatsapp.setWebhookUrl(`${server.url}/api/messages/whatsapp/webhook`);
    },
    () => ({ ...whatsAppEnv(whatsapp, ACCOUNT), ...msg91Env(msg91, MSG91_KEY) }),
  );
  afterAll(async () => {
    await whatsapp?.close();
    await msg91?.close();
  });

  /** The row of message #id: its "Message" cell starts with the number ("#12 Seat offered"). */
  const rowOf = (page: Page, id: number) =>
    page.getByRole("row").filter({ has: page.getByText(new RegExp(`^#${id} `)) });
  const badge = (page: Page, id: number) => rowOf(page, id).locator("[data-tone]").first();
  const toast = (page: Page) => page.getByRole("status").filter({ hasText: /\S/ }).first();

  it("sends a paid enrollment's receipt link short, within DLT's 30 letters, and the short link opens the receipt", async () => {
    const mobile = "+91 98111 22336";
    const answer = await callApi(server.url, "/tuition/create-order", {
      json: {
        studentName: "Receipt Linked",
        parentName: "Kavita Nair",
        mobile,
        email: "kavita.receipt@example.com",
        grade: "Grade 3",
        ...CONSENT_FIELDS,
      },
    });
    expect(answer.status).toBe(201);
    await expect
      .poll(() =>
        msg91.messages().some((sms) => sms.mobile === "919811122336" && sms.kind === "paymentReceived"),
      )
      .toBe(true);
    const sms = msg91
      .messages()
      .find((each) => each.mobile === "919811122336" && each.kind === "paymentReceived")!;
    const link = sms.variables.var4!;
    expect(link.length).toBeLessThanOrEqual(30);
    expect(link).toMatch(/\/l\/[A-Za-z0-9]{10}$/);
    const opened = await fetch(link.startsWith("http") ? link : `http://${link}`, { redirect: "manual" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toMatch(/^\/receipt\/[\w-]+$/);
    const receipt = await fetch(new URL(opened.headers.get("location")!, server.url));
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain("Receipt Linked");
    const unknown = await fetch(`${server.url}/l/Zz9Zz9Zz9Z`, { redirect: "manual" });
    expect(unknown.status).toBe(404);
  });

  describe.each(MODES)("$label", ({ javaScript }) => {
    const mobile = javaScript ? "+91 98111 22334" : "+91 98111 22335";
    const lastFour = mobile.slice(-4);

    it("lists a failed WhatsApp update with its reason, sends it again once, and shows it on the application's page", async () => {
      // The provider refuses the next message: the application's "received" update fails.
      whatsapp.failNext(400, 1);
      const sent = await callApi(server.url, "/applications", {
        json: { ...validApplication(), studentName: `Messaged ${lastFour}`, mobile, whatsappUpdates: true },
      });
      expect(sent.status).toBe(201);
      const applicationId = (sent.body as { id: number }).id;

      const { page, context } = await openPage(browser, server, { javaScript });
      await signIn(context, server, E2E_ADMIN);
      await page.goto("/admin/messages?status=FAILED&channel=WHATSAPP");
      const failedRow = page.getByRole("row").filter({ hasText: `••••••${lastFour}` });
      await expect
        .poll(async () => {
          await page.reload();
          return failedRow.count();
        })
        .toBe(1);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Messages");
      const failedText = await failedRow.innerText();
      expect(failedText).toContain("Application received");
      expect(failedText).toContain("WhatsApp");
      expect(failedText).toContain(`+91 ••••••${lastFour}`);
      expect(failedText).not.toContain(mobile.replace(/\D/g, "").slice(2));
      expect(await failedRow.locator("[data-tone]").first().innerText()).toBe("Failed");
      expect(
        await page.getByRole("link", { name: /^Failed/, exact: false }).getAttribute("aria-current"),
      ).toBe("page");
      expect(await page.getByLabel("Channel").inputValue()).toBe("WHATSAPP");
      const failedId = Number(/#(\d+) /.exec(failedText)![1]);
      if (!javaScript) {
        await captureWidths(page, "admin-messages-failed-nojs");
        await expectAccessible(page);
      }

      await failedRow.getByRole("button", { name: `Send message #${failedId} again` }).click();
      await expect
        .poll(() => toast(page).innerText())
        .toMatch(/Queued to be sent again as WhatsApp update “Application received” #\d+\./);
      const againId = Number(/#(\d+)\./.exec(await toast(page).innerText())![1]);
      expect(new URL(page.url()).search).toBe("?status=FAILED&channel=WHATSAPP");
      expect(await failedRow.innerText()).toContain(`Sent again as #${againId}`);
      expect(await failedRow.getByRole("button").count()).toBe(0);

      // The new message goes out; all channels, all statuses: both rows, the new one sent.
      await page.goto("/admin/messages");
      await expect
        .poll(async () => {
          await page.reload();
          return badge(page, againId).innerText();
        })
        .toMatch(/^(Sent|Delivered|Read)$/);
      expect(await rowOf(page, againId).innerText()).toContain(`Sends #${failedId} again`);

      // The application's page: both messages, the family's choice, the click in its history.
      await page.goto(`/admin/applications/${applicationId}`);
      const messages = page.getByRole("region", { name: "WhatsApp and SMS updates" });
      expect(await messages.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);
      expect(await messages.innerText()).toContain(`#${againId} Application received`);
      const choice = page.locator("dt", { hasText: "WhatsApp and SMS updates" }).locator("+ dd");
      expect(await choice.innerText()).toMatch(/WhatsApp: allowed on/);
      expect(await choice.innerText()).toContain("SMS: on");
      const history = page.getByRole("list", { name: "History" });
      expect(await history.innerText()).toContain(
        `WhatsApp update “Application received” #${failedId} sent again as #${againId}.`,
      );
      if (javaScript) {
        await captureWidths(page, "admin-application-messages-js");
        await expectAccessible(page);
      }
    });

    it("refuses a channel the list does not know with 400 and the choices, showing no rows", async () => {
      const { page, context } = await openPage(browser, server, { javaScript });
      await signIn(context, server, E2E_ADMIN);
      const answer = await page.goto("/admin/messages?channel=FAX");
      expect(answer?.status()).toBe(400);
      expect(await page.getByRole("main").innerText()).toContain(
        "There is no channel “FAX” here. Choose WhatsApp or SMS, or all of them.",
      );
      expect(await page.getByRole("table").count()).toBe(0);
    });
  });
});
