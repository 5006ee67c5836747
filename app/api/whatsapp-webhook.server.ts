import express, { type RequestHandler, type Router } from "express";
import type { Services } from "~/services/index.server";
import { parseWhatsAppWebhook, verifyWhatsAppSignature } from "~/services/updates/whatsapp.server";
import { handleAsync } from "~/server/handle-async.server";

/** WhatsApp's webhook (issue 39 point 5), outside the JSON routes: the signature is over the exact bytes sent. */
export const WHATSAPP_WEBHOOK_PATH = "/messages/whatsapp/webhook";

/** The secrets the webhook checks: WHATSAPP_VERIFY_TOKEN and WHATSAPP_APP_SECRET; null, WhatsApp is off. */
export type WhatsAppWebhookSecrets = { verifyToken: string; appSecret: string } | null;

const errorBody = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/** The webhook's entries in the OpenAPI document (called by Meta, not by API clients). */
export const WHATSAPP_WEBHOOK_DOC = {
  get: {
    operationId: "verifyWhatsAppWebhook",
    summary:
      "Meta's subscription check: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN",
    "x-access": "whatsapp",
    security: [],
    parameters: [
      { name: "hub.mode", in: "query", required: true, schema: { type: "string", const: "subscribe" } },
      { name: "hub.verify_token", in: "query", required: true, schema: { type: "string" } },
      { name: "hub.challenge", in: "query", required: true, schema: { type: "string" } },
    ],
    responses: {
      "200": {
        description: "The challenge, as plain text",
        content: { "text/plain": { schema: { type: "string" }, example: "1158201444" } },
      },
      "403": { description: "Wrong verify token or mode", content: errorBody },
      "404": { description: "WhatsApp is not configured on this site", content: errorBody },
    },
  },
  post: {
    operationId: "receiveWhatsAppWebhook",
    summary:
      "WhatsApp's message statuses and a family's messages (STOP, START); verified by X-Hub-Signature-256 before anything is read",
    "x-access": "whatsapp",
    security: [],
    parameters: [{ name: "X-Hub-Signature-256", in: "header", required: true, schema: { type: "string" } }],
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: { type: "object" },
          example: {
            object: "whatsapp_business_account",
            entry: [
              {
                id: "102290129340398",
                changes: [
                  {
                    field: "messages",
                    value: {
                      messaging_product: "whatsapp",
                      statuses: [
                        {
                          id: "wamid.HBgMOTE5ODc2NTQzMjEwFQIAERgSQUY=",
                          status: "delivered",
                          timestamp: "1764200000",
                          recipient_id: "919876543210",
                        },
                      ],
                    },
                  },
                ],
              },
            ],
          },
        },
      },
    },
    responses: {
      "200": {
        description: "Applied, a repeat, or about a message this site does not know",
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { status: { type: "string", description: "What was done." } },
              required: ["status"],
            },
            example: { status: "ok" },
          },
        },
      },
      "401": { description: "Bad or missing signature; nothing changes", content: errorBody },
      "404": { description: "WhatsApp is not configured on this site", content: errorBody },
    },
  },
} as const;

const notConfigured = { message: "WhatsApp is not configured on this site." };

/**
 * Mounts the webhook: `GET` answers Meta's subscription check, `POST` reads the raw body (up to
 * 1 MB, any content type: the signature decides), refuses it with 401 unless its signature is
 * right, then applies statuses and STOP/START. Logs say how many, never a number or a text.
 */
export function mountWhatsAppWebhook(router: Router, services: Services, secrets: WhatsAppWebhookSecrets) {
  router.get(WHATSAPP_WEBHOOK_PATH, (req, res) => {
    if (!secrets) return void res.status(404).json(notConfigured);
    const { "hub.mode": mode, "hub.verify_token": token, "hub.challenge": challenge } = req.query;
    if (mode !== "subscribe" || token !== secrets.verifyToken || typeof challenge !== "string") {
      req.log?.warn({ ip: req.ip }, "whatsapp webhook verification refused");
      return void res.status(403).json({ message: "The verify token is not this site's." });
    }
    res.status(200).type("text/plain").send(challenge);
  });
  router.post(WHATSAPP_WEBHOOK_PATH, ...receive(services, secrets));
}

function receive(services: Services, secrets: WhatsAppWebhookSecrets): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: "1mb", inflate: false }),
    handleAsync(async (req, res) => {
      if (!secrets) return void res.status(404).json(notConfigured);
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifyWhatsAppSignature(body, req.get("x-hub-signature-256"), secrets.appSecret)) {
        req.log?.warn({ ip: req.ip }, "whatsapp webhook refused: bad or missing signature");
        return void res
          .status(401)
          .json({ message: "The X-Hub-Signature-256 header does not match the body." });
      }
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        // Signed but not JSON: nothing of ours in it.
      }
      const { statuses, inbound } = parseWhatsAppWebhook(parsed);
      const applied = await services.whatsappWebhook.applyStatuses(statuses);
      const answered = await services.whatsappWebhook.handleInbound(inbound);
      req.log?.info({ ...applied, ...answered, inbound: inbound.length }, "whatsapp webhook");
      if (applied.unknown > 0)
        req.log?.info(
          { unknown: applied.unknown },
          "whatsapp webhook named messages this site does not know",
        );
      res.status(200).json({ status: "ok" });
    }),
  ];
}
