import { mkdtemp, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createLogger } from "../app/server/logger.server";
import { createImageStorage } from "../app/services/image-storage.server";
import { createServices } from "../app/services/index.server";
import type { MailRequest } from "../app/services/mail/outbox.server";
import { createSmtpSender } from "../app/services/mail/smtp.server";
import { startMailWorker } from "../app/services/mail/worker.server";
import { PRIVACY_NOTICE_VERSION } from "../app/domain/privacy";
import { openDatabase } from "../db/client";
import { applications, mailOutbox } from "../db/schema";
import { PROJECT_ROOT } from "../tests/support/server";
import { SMTPServer } from "smtp-server";
import { onBothDatabases } from "./databases";
import { replaceSection } from "./report";

/**
 * npm run bench:mail [-- --rows 2000 --mails 10000 --rounds 3]
 *
 * What the mail outbox costs a submission, and how fast it drains, on PGlite and on a throwaway
 * PostgreSQL cluster, in one run:
 * - storing an application with its two mails queued in the same transaction (what `POST /apply`
 *   and `POST /api/applications` do) against storing the application alone (what they did before
 *   the outbox), 8 at a time, rounds interleaved;
 * - queuing `--mails` mails and delivering them over SMTP to the local stand-in.
 * Writes the tables into docs/performance.md (section "mail").
 */
const { values: options } = parseArgs({
  options: {
    rows: { type: "string", default: "2000" },
    mails: { type: "string", default: "10000" },
    rounds: { type: "string", default: "3" },
  },
});
const ROWS = Number(options.rows);
const MAILS = Number(options.mails);
const ROUNDS = Number(options.rounds);
const CONCURRENCY = 8;

const application = (i: number) => ({
  studentName: `Bench Student ${i}`,
  dob: "2019-04-12",
  grade: "Grade 1" as const,
  parentName: `Bench Parent ${i}`,
  mobile: "+919876543210",
  email: `bench.parent${i}@example.com`,
  ...({ consent: true, noticeVersion: PRIVACY_NOTICE_VERSION } as const),
});

async function inParallel(total: number, work: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await work(next++);
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

/**
 * An SMTP server that accepts and forgets every message: the drain rate is then the outbox's and
 * nodemailer's, not a parser's (the tests' stand-in parses every mail).
 */
async function startDiscardingSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      stream.on("end", () => done());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, open: () => Promise<Awaited<ReturnType<typeof openDatabase>>>) {
  const database = await open();
  const uploads = await mkdtemp(path.join(tmpdir(), "zipat-bench-mail-"));
  try {
    await database.migrate();
    const services = createServices({
      db: database.db,
      images: createImageStorage(database.db),
      jwtSecret: "bench-secret-that-is-long-enough-for-hs256",
      publicUrl: "https://zipat.example",
    });
    await services.details.update({
      address: "12 MG Road, Bengaluru",
      email: "office@zipat.example",
      phone: "+91 80 1234 5678",
    });

    const withOutbox: number[] = [];
    const without: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      without.push(await inParallel(ROWS, (i) => database.db.insert(applications).values(application(i))));
      withOutbox.push(await inParallel(ROWS, (i) => services.applications.create(application(i))));
    }

    await database.db.delete(mailOutbox);
    const writer = await services.mail.prepare();
    const requests: MailRequest[] = Array.from({ length: MAILS }, (_, i) => ({
      kind: "welcome",
      to: `drain${i}@example.com`,
      data: { name: `Parent ${i}`, email: `drain${i}@example.com` },
    }));
    const queueStarted = performance.now();
    for (let i = 0; i < requests.length; i += 500)
      await writer.queue(database.db, ...requests.slice(i, i + 500));
    const queueSeconds = (performance.now() - queueStarted) / 1000;

    const sink = await startDiscardingSmtp();
    const drainStarted = performance.now();
    const worker = startMailWorker({
      outbox: services.mail,
      sender: createSmtpSender(sink.url),
      from: async () => ({ name: "Zipat Online School", address: "office@zipat.example" }),
      logger: createLogger("silent"),
      pollMs: 20,
    });
    while ((await services.mail.count("SENT")) < MAILS)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    await worker.stop();
    await sink.close();
    return {
      label,
      without: median(without),
      withOutbox: median(withOutbox),
      queuePerSecond: MAILS / queueSeconds,
      drainPerSecond: MAILS / drainSeconds,
      drainSeconds,
    };
  } finally {
    await database.close();
    await rm(uploads, { recursive: true, force: true });
  }
}

async function main() {
  const results = await onBothDatabases(measure);

  const whole = (value: number) => Math.round(value).toLocaleString("en");
  const table = [
    `Run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)}; ${ROWS.toLocaleString("en")} applications per round, ${CONCURRENCY} at a time, median of ${ROUNDS} interleaved rounds; ${MAILS.toLocaleString("en")} mails drained.`,
    "",
    "| Database | Application alone (rows/s) | With its two mails queued (rows/s) | Share | Mails queued/s | Drain over SMTP (mails/s) | All drained in |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...results.map(
      (r) =>
        `| ${r.label} | ${whole(r.without)} | ${whole(r.withOutbox)} | ${Math.round((r.withOutbox / r.without) * 100)}% | ${whole(r.queuePerSecond)} | ${whole(r.drainPerSecond)} | ${r.drainSeconds.toFixed(1)} s |`,
    ),
  ].join("\n");
  console.log(table);
  await replaceSection(path.join(PROJECT_ROOT, "docs", "performance.md"), "mail", table);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
