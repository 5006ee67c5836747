// `npm run dev`: the Remix dev server, with the SMTP stand-in (dev/mail-sink.ts) in this process
// as its mail server unless SMTP_URL names one, and the Razorpay stand-in (dev/razorpay-dev.ts)
// as its payment gateway unless RAZORPAY_KEY_ID names a real account.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";
import { startDevMailSink } from "./mail-sink";
import { startDevRazorpay } from "./razorpay-dev";

if (!process.env.SMTP_URL) process.env.SMTP_URL = (await startDevMailSink()).url;
if (!process.env.RAZORPAY_KEY_ID) {
  process.env.RAZORPAY_WEBHOOK_URL ??= `http://localhost:${process.env.PORT || 3000}/api/payments/razorpay/webhook`;
  Object.assign(process.env, (await startDevRazorpay()).env);
}

const remix = fileURLToPath(new URL("../node_modules/.bin/remix", import.meta.url));
const child = spawn(remix, ["dev", "--manual", "-c", "tsx server.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
