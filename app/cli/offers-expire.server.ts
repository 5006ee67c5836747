// `npm run offers:expire`: runs the seat offers job once, as every server instance does each
// half minute: offers not paid by their end expire (the families told), checkout holds that ran
// out let go of their seats, and each grade's free seats are offered to its waitlist in order
// (each family told once). With the embedded PGlite database run it only while the server is
// stopped (PGlite serves one process at a time).
import path from "node:path";
import { ConfigError, loadConfig, resolveJwtSecret } from "../config.server";
import { createImageStorage } from "../services/image-storage.server";
import { createServices } from "../services/index.server";
import { openDatabase } from "../../db/client";

async function main() {
  if (process.argv.length > 2) {
    console.error("Usage: npm run offers:expire");
    process.exit(2);
  }
  const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") },
  );
  try {
    await database.migrate();
    const { offers } = createServices({
      db: database.db,
      images: createImageStorage(database.db),
      jwtSecret: resolveJwtSecret(config),
      publicUrl: config.publicUrl,
      mail: { staffEmail: config.mail.staffEmail },
    });
    const done = await offers.runJob();
    console.log(
      `Expired ${done.expired} offer(s), let go of ${done.released} checkout hold(s), offered ${done.promoted} seat(s) to the waitlist.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
