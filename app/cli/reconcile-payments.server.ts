// `npm run payments:reconcile`: asks Razorpay once about every order still unpaid 15 minutes
// after it was made, as each server instance does every 5 minutes. With the embedded PGlite
// database run it only while the server is stopped (PGlite serves one process at a time).
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig, resolveJwtSecret } from "../config.server";
import { createImageStorage } from "../services/image-storage.server";
import { createServices } from "../services/index.server";
import { createRazorpayGateway } from "../services/payments/razorpay.server";
import { openDatabase } from "../../db/client";

async function main() {
  const { values } = parseArgs({ options: { "older-than-minutes": { type: "string", default: "15" } } });
  const minutes = Number(values["older-than-minutes"]);
  if (!Number.isFinite(minutes) || minutes < 0) {
    console.error("Usage: npm run payments:reconcile [-- --older-than-minutes 15]");
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  if (!config.razorpay) {
    console.error(
      "Razorpay is not configured (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET): nothing to reconcile.",
    );
    process.exit(2);
  }
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await database.migrate();
    const services = createServices({
      db: database.db,
      images: createImageStorage(database.db),
      jwtSecret: resolveJwtSecret(config),
      publicUrl: config.publicUrl,
      gateway: createRazorpayGateway(config.razorpay),
      mail: { staffEmail: config.mail.staffEmail },
    });
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
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
