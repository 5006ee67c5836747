// `npm run mail:dev` (and, in-process, `npm run dev`): the SMTP stand-in of the tests
// (tests/support/smtp-sink.ts) on SMTP_SINK_PORT (2525), printing each mail as it arrives, with
// the links of its text so a developer can follow a password-reset link, and keeping each
// message in tmp-mail/ as an .eml file any mail program opens.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { startSmtpSink, type ReceivedMail, type SmtpSink } from "../tests/support/smtp-sink";

const MAIL_DIR = fileURLToPath(new URL("../tmp-mail", import.meta.url));
// A link ends before spaces, quotes and brackets, and without the full stop of its sentence.
const LINK = /https?:\/\/[^\s<>"'()]*[^\s<>"'().,;:!?]/g;

export async function startDevMailSink(): Promise<SmtpSink> {
  const port = Number(process.env.SMTP_SINK_PORT || 2525);
  let count = 0;
  const print = (mail: ReceivedMail) => {
    count += 1;
    const file = path.join(MAIL_DIR, `${mail.receivedAt.toISOString().replace(/[:.]/g, "-")}-${count}.eml`);
    try {
      mkdirSync(MAIL_DIR, { recursive: true });
      writeFileSync(file, mail.raw);
    } catch (error) {
      console.error(`Could not write ${file}: ${String(error)}`);
    }
    const links = [...new Set(mail.text.match(LINK) ?? [])];
    console.log(
      [
        `\n✉  ${mail.receivedAt.toLocaleTimeString()}  to ${mail.envelope.to.join(", ")}`,
        `   ${mail.subject}`,
        ...links.map((link) => `   ${link}`),
        `   ${path.relative(process.cwd(), file)}`,
      ].join("\n"),
    );
  };
  const sink = await startSmtpSink({ port, onMail: print }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "EADDRINUSE"
      ? new Error(`Port ${port} is in use: set SMTP_SINK_PORT to another, or SMTP_URL to a real server.`)
      : error;
  });
  console.log(`SMTP stand-in listening: set SMTP_URL=${sink.url} for the server (npm run dev does)`);
  return sink;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await startDevMailSink();
