// `npm run offers:expire`: runs the seat offers job once, as every server instance does each
// half minute: offers not paid by their end expire (the families told), checkout holds that ran
// out let go of their seats, and each grade's free seats are offered to its waitlist in order
// (each family told once). With the embedded PGlite database run it only while the server is
// stopped (PGlite serves one process at a time).
import { commandConfig, runCommand, withServices } from "./cli-services.server";

runCommand(async () => {
  if (process.argv.length > 2) {
    console.error("Usage: npm run offers:expire");
    process.exit(2);
  }
  const done = await withServices(commandConfig(), {}, ({ offers }) => offers.runJob());
  console.log(
    `Expired ${done.expired} offer(s), let go of ${done.released} checkout hold(s), offered ${done.promoted} seat(s) to the waitlist.`,
  );
});
