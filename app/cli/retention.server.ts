// `npm run retention -- --dry-run`: lists the rejected applications and finished demo requests
// older than RETENTION_MONTHS that the retention job would anonymise (counts and ids, nothing
// personal). Without --dry-run it anonymises them once, as each server instance does on its
// own every few hours. With the embedded PGlite database run it only while the server is stopped
// (PGlite serves one process at a time).
import { parseArgs } from "node:util";
import { describeRetention } from "../services/retention.server";
import { commandConfig, runCommand, withServices } from "./cli-services.server";

runCommand(async () => {
  let dryRun: boolean;
  try {
    dryRun = parseArgs({ options: { "dry-run": { type: "boolean", default: false } } }).values["dry-run"];
  } catch {
    console.error("Usage: npm run retention [-- --dry-run]");
    process.exit(2);
  }
  const config = commandConfig();
  await withServices(config, { retentionMonths: config.retentionMonths }, async ({ retention }) => {
    const preview = await retention.preview();
    console.log(describeRetention(preview, retention.months, dryRun));
    if (!dryRun) {
      const done = await retention.run();
      console.log(
        `Anonymised ${done.applications} application(s) and ${done.demoRequests} demo request(s); each is in the admin History.`,
      );
    }
  });
});
