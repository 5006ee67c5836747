// `npm run dev`: the Remix dev server, with the SMTP stand-in (dev/mail-sink.ts) in this process
// as its mail server unless SMTP_URL names one, the Razorpay stand-in (dev/razorpay-dev.ts) as its
// payment gateway unless RAZORPAY_KEY_ID names a real account, and the WhatsApp and MSG91
// stand-ins (dev/updates-dev.ts) unless WHATSAPP_PHONE_NUMBER_ID or MSG91_AUTH_KEY name real ones.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";
import { startDevMailSink } from "./mail-sink";
import { startDevRazorpay } from "./razorpay-dev";
import { startDevMsg91, startDevWhatsApp } from "./updates-dev";

if (!process.env.SMTP_URL) process.env.SMTP_URL = (await startDevMailSink()).url;
if (!process.env.RAZORPAY_KEY_ID) {
  process.env.RAZORPAY_WEBHOOK_URL ??= `http://localhost:${process.env.PORT || 3000}/api/payments/razorpay/webhook`;
  Object.assign(process.env, (await startDevRazorpay()).env);
}
if (!process.env.WHATSAPP_PHONE_NUMBER_ID) {
  process.env.WHATSAPP_WEBHOOK_URL ??= `http://localhost:${process.env.PORT || 3000}/api/messages/whatsapp/webhook`;
  Object.assign(process.env, (await startDevWhatsApp()).env);
}
if (!process.env.MSG91_AUTH_KEY) Object.assign(process.env, (await startDevMsg91()).env);

const remix = fileURLToPath(new URL("../node_modules/.bin/remix", import.meta.url));
const child = spawn(remix, ["dev", "--manual", "-c", "tsx server.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
