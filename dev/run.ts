// `npm run dev`: the Remix dev server, with the SMTP stand-in (dev/mail-sink.ts) in this process
// as its mail server unless SMTP_URL names one.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { fileURLToPath } from "node:url";
import { startDevMailSink } from "./mail-sink";

if (!process.env.SMTP_URL) process.env.SMTP_URL = (await startDevMailSink()).url;

const remix = fileURLToPath(new URL("../node_modules/.bin/remix", import.meta.url));
const child = spawn(remix, ["dev", "--manual", "-c", "tsx server.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
