import express, { type RequestHandler } from "express";
import { isAppError } from "~/services/errors";
import type { Services } from "~/services/index.server";
import { handleAsync } from "~/server/handle-async.server";

/** Razorpay's webhook receiver, outside the JSON routes: the signature is over the exact bytes sent. */
export const RAZORPAY_WEBHOOK_PATH = "/payments/razorpay/webhook";

/** The receiver's entry in the OpenAPI document (it is called by Razorpay, not by API clients). */
export const RAZORPAY_WEBHOOK_DOC = {
  post: {
    summary:
      "Razorpay's webhooks (payment.captured, order.paid, payment.failed, refund.processed); verified by X-Razorpay-Signature, applied once per x-razorpay-event-id",
    "x-access": "razorpay",
    parameters: [
      { name: "X-Razorpay-Signature", in: "header", required: true, schema: { type: "string" } },
      { name: "x-razorpay-event-id", in: "header", required: true, schema: { type: "string" } },
    ],
    requestBody: { required: true, content: { "application/json": { schema: { type: "object" } } } },
    responses: {
      "200": { description: "Applied, a replay, or about an order this site does not know" },
      "400": {
        description: "Bad or missing signature; nothing changes",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
  },
} as const;

/**
 * Reads the raw body (up to 1 MB, any content type: the signature decides), hands it to the
 * payments service, and answers 200 for anything it did not refuse, so Razorpay stops retrying.
 */
export function razorpayWebhook(services: Services): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: "1mb", inflate: false }),
    handleAsync(async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        const { result, event } = await services.payments.handleWebhook(
          body,
          req.get("x-razorpay-signature"),
          req.get("x-razorpay-event-id"),
        );
        req.log?.info({ event, result, eventId: req.get("x-razorpay-event-id") }, "razorpay webhook");
        res.status(200).json({ status: result });
      } catch (error) {
        if (!isAppError(error) || error.status !== 400) throw error;
        req.log?.warn({ reason: error.message, ip: req.ip }, "razorpay webhook refused");
        res.status(400).json({ message: error.message });
      }
    }),
  ];
}
