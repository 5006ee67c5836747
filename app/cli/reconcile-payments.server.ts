// `npm run payments:reconcile`: asks Razorpay once about every order still unpaid 15 minutes
// after it was made, as each server instance does every 5 minutes. With the embedded PGlite
// database run it only while the server is stopped (PGlite serves one process at a time).
import { parseArgs } from "node:util";
import { createRazorpayGateway } from "../services/payments/razorpay.server";
import { commandConfig, runCommand, withServices } from "./cli-services.server";

runCommand(async () => {
  const { values } = parseArgs({ options: { "older-than-minutes": { type: "string", default: "15" } } });
  const minutes = Number(values["older-than-minutes"]);
  if (!Number.isFinite(minutes) || minutes < 0) {
    console.error("Usage: npm run payments:reconcile [-- --older-than-minutes 15]");
    process.exit(2);
  }
  const config = commandConfig();
  if (!config.razorpay) {
    console.error(
      "Razorpay is not configured (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET): nothing to reconcile.",
    );
    process.exit(2);
  }
  const gateway = createRazorpayGateway(config.razorpay);
  await withServices(config, { gateway }, async (services) => {
    let total = { checked: 0, paid: 0 };
    // Batches of 50 until none is left.
    for (;;) {
      const batch = await services.orders.reconcile({ olderThanMs: minutes * 60_000 });
      total = { checked: total.checked + batch.checked, paid: total.paid + batch.paid };
      if (batch.checked === 0) break;
    }
    console.log(
      `Asked Razorpay about ${total.checked} unpaid order${total.checked === 1 ? "" : "s"}; ${total.paid} found paid and recorded.`,
    );
  });
});
