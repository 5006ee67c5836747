import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { SCHOOL } from "~/domain/brand";
import { ERASED_EMAIL } from "~/domain/personal-data";
import { DEFAULT_RETRY, type RetryPolicy } from "~/domain/settings";
import type { MailStatus } from "~/domain/statuses";
import {
  mailSubject,
  renderMail,
  type MailContent,
  type MailData,
  type MailKind,
  type MailSchool,
} from "~/mail/templates.server";
import { queryRows, type Database, type Executor } from "../../../db/client";
import { mailOutbox, type MailRow } from "../../../db/schema";
import type { CompanyDetails } from "../details.server";
import { isAppError, NOT_FOUND, notFound } from "../errors";
import { pageOf, type Paged, type ReadRows } from "../paging.server";

/**
 * The wait before attempt `attempts + 1`: exponential, with "equal jitter" (half fixed, half
 * random) so mails that failed together do not all come back in the same second.
 */
export function retryDelayMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const ceiling = Math.min(policy.maxRetryMs, policy.firstRetryMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** One mail to queue: who gets it, which mail with what in it, and which record it is about. */
export type MailRequest = {
  [K in MailKind]: { kind: K; to: string; data: MailData[K]; about?: string };
}[MailKind];

/** The subject of a request whose kind and data TypeScript has already checked belong together. */
const subjectOf = (mail: MailRequest, school: MailSchool) =>
  mailSubject(mail.kind, mail.data as never, school);

/**
 * Links that act for the account they were mailed to (a password reset signs its reader in, a
 * verification proves the address): hidden from the admin preview, and removed from the row once
 * the mail is sent, so the outbox does not keep working links.
 */
const SECRET_FIELDS = ["resetUrl", "verifyUrl"] as const;

/**
 * Mails whose address the row forgets once delivered: the confirmation to an account just erased
 * (issue 20) goes to an address the school must no longer keep, so after it is sent the row keeps
 * only `erased-mail-<id>@invalid` (its data holds counts and the language only). Until then it is
 * needed to deliver.
 */
const FORGET_ADDRESS_ONCE_SENT: readonly MailKind[] = ["accountDeleted"];
const addressKeptAfterSending = sql`case when ${mailOutbox.kind} in (${sql.join(
  FORGET_ADDRESS_ONCE_SENT.map((kind) => sql`${kind}::text`),
  sql`, `,
)}) then ${`${ERASED_EMAIL.prefix}mail-`}::text || ${mailOutbox.id}::text || ${ERASED_EMAIL.suffix}::text else ${mailOutbox.toAddress} end`;
const HIDDEN_LINK = "(the link is hidden: it works only for the person it was sent to)";

/** Data as stored (JSON): its times come back as ISO strings and go to the template as dates again. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
function revived(data: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((data ?? {}) as Record<string, unknown>).map(([key, value]) => [
      key,
      typeof value === "string" && ISO_TIME.test(value) ? new Date(value) : value,
    ]),
  );
}

/** What the admin Mail screen lists (no parts: they can be large). */
export type MailSummary = Pick<
  MailRow,
  | "id"
  | "kind"
  | "toAddress"
  | "subject"
  | "status"
  | "attempts"
  | "lastError"
  | "createdAt"
  | "sentAt"
  | "about"
> & { nextAttemptAt: Date };

const summary = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  about: mailOutbox.about,
};

/** A claimed mail, drawn and ready to send. */
export type OutgoingMail = Pick<MailRow, "id" | "toAddress" | "messageId" | "attempts"> & MailContent;

/** A claimed mail as stored. */
export type ClaimedMail = Pick<
  MailRow,
  "id" | "toAddress" | "subject" | "kind" | "data" | "messageId" | "attempts"
>;

export type MailOutbox = ReturnType<typeof createMailOutbox>;

/**
 * The mail outbox: services queue mails in the transaction (or the one statement) that writes
 * the record they are about, so a stored application always has its mails and a rolled-back one
 * never has; the worker (worker.server.ts) claims due mails with row locks (`FOR UPDATE SKIP LOCKED`) and a
 * lease, so any number of instances on one database deliver each mail once.
 */
export function createMailOutbox({
  db,
  details,
  publicUrl,
  staffEmail,
  retry = DEFAULT_RETRY,
  delivering = false,
}: {
  db: Database;
  details: { get(): Promise<CompanyDetails> };
  publicUrl: string;
  /** STAFF_EMAIL; the school's contact e-mail when unset. */
  staffEmail?: string;
  retry?: RetryPolicy;
  /** Whether a worker delivers this outbox (SMTP_URL is set); otherwise mails are only kept. */
  delivering?: boolean;
}) {
  const messageDomain = new URL(publicUrl).hostname || "localhost";

  async function school(): Promise<MailSchool> {
    // Before staff have entered the contact details the mails go without them (a staff mail
    // then has no address, fails with that reason and shows on the admin Mail screen).
    const contact = await details.get().catch((error: unknown) => {
      if (isAppError(error) && error.status === 404) return { address: "", email: "", phone: "" };
      throw error;
    });
    return { name: SCHOOL.name, fullName: SCHOOL.fullName, ...contact, publicUrl };
  }

  const countMails = async (status?: MailStatus) => {
    const rows = db.select({ total: count() }).from(mailOutbox);
    const [row] = await (status ? rows.where(eq(mailOutbox.status, status)) : rows);
    return row?.total ?? 0;
  };
  const mailsByAge: ReadRows<MailSummary> = async (order, limit, offset) =>
    db
      .select(summary)
      .from(mailOutbox)
      // Ids are given in the order mails are queued: the primary key is the list's index.
      .orderBy(order === "newest" ? desc(mailOutbox.id) : asc(mailOutbox.id))
      .limit(limit)
      .offset(offset);

  return {
    retry,
    delivering,

    /**
     * Reads what every mail needs (the school's contact details, the staff address) before a
     * transaction, and answers the writer to use inside it: `queue(tx, ...mails)`.
     */
    async prepare() {
      const from = await school();
      const staff = staffEmail ?? from.email;
      const rowsOf = (mails: MailRequest[]) =>
        mails.map((mail) => ({
          kind: mail.kind,
          toAddress: mail.to,
          subject: subjectOf(mail, from),
          data: mail.data,
          messageId: `<${randomUUID()}@${messageDomain}>`,
          about: mail.about ?? null,
        }));
      return {
        /** The staff inbox (STAFF_EMAIL, or the school's contact e-mail). */
        staff,

        /**
         * The mails of a row inserted by the same statement, as `queuedWith` (below) takes them:
         * the statement's `mails` value.
         */
        mailsValue(mails: MailRequest[]): string {
          return JSON.stringify(rowsOf(mails).map(({ about: _about, ...row }) => row));
        },

        async queue(executor: Executor, ...mails: MailRequest[]): Promise<void> {
          if (mails.length === 0) return;
          await executor.insert(mailOutbox).values(rowsOf(mails));
        },
      };
    },

    /**
     * The mails of a row inserted by the same statement, in the data-modifying CTE named
     * `created`: one statement instead of a transaction's four round trips (the hottest write, a
     * submitted application, pays only this). `mails` is where the statement gets the writer's
     * `mailsValue`, a placeholder when the statement is prepared once and run with each
     * submission's mails. The database gives the row its id, so each mail's data gets it under
     * `idField` and its `about` is `${about}:${id}`; no subject may depend on the id.
     */
    queuedWith(mails: SQLWrapper, { about, idField }: { about: string; idField: string }) {
      return db.$with("queued", {}).as(
        sql`insert into ${mailOutbox} (kind, to_address, subject, data, message_id, about)
            select m.kind, m."toAddress", m.subject, m.data || jsonb_build_object(${idField}::text, created.id),
                   m."messageId", ${`${about}:`}::text || created.id
            from created, jsonb_to_recordset(${mails}::jsonb)
              as m(kind text, "toAddress" text, subject text, data jsonb, "messageId" text)`,
      );
    },

    /**
     * Takes up to `limit` due mails for one attempt each: QUEUED ones whose time has come, and
     * SENDING ones whose lease ran out (their instance died mid-attempt). Rows another instance
     * is claiming right now are skipped, not waited for.
     */
    async claim(limit: number): Promise<ClaimedMail[]> {
      return queryRows<ClaimedMail>(
        db,
        sql`update ${mailOutbox}
            set status = 'SENDING', attempts = attempts + 1,
                locked_until = now() + make_interval(secs => ${retry.leaseMs / 1000})
            where id in (
              select id from ${mailOutbox}
              where status in ('QUEUED', 'SENDING')
                and case when status = 'QUEUED' then next_attempt_at else locked_until end <= now()
              order by next_attempt_at, id
              limit ${limit}
              for update skip locked)
            returning id, to_address as "toAddress", subject, kind, data,
                      message_id as "messageId", attempts`,
      );
    },

    /**
     * Draws a stored mail's parts with the school's contact details as they are now. The subject
     * stays the one stored (and listed) when it was queued.
     */
    async draw<Mail extends Pick<MailRow, "kind" | "data" | "subject">>(
      mail: Mail,
    ): Promise<Mail & MailContent> {
      const content = renderMail(mail.kind as MailKind, revived(mail.data) as never, await school());
      return { ...mail, html: content.html, text: content.text, subject: mail.subject };
    },

    async markSent(id: number): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: "SENT",
          sentAt: new Date(),
          lockedUntil: null,
          lastError: null,
          toAddress: addressKeptAfterSending,
          data: sql`${mailOutbox.data} - ${sql.raw(`array[${SECRET_FIELDS.map((field) => `'${field}'`).join(",")}]`)}::text[]`,
        })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "SENDING")));
    },

    /**
     * Records a failed attempt: the mail waits for its next one, or is FAILED when the attempts
     * are spent or the failure is permanent (an address the server refuses for good).
     */
    async markFailed(mail: Pick<ClaimedMail, "id" | "attempts">, reason: string, permanent: boolean) {
      const giveUp = permanent || mail.attempts >= retry.maxAttempts;
      await db
        .update(mailOutbox)
        .set(
          giveUp
            ? { status: "FAILED", lockedUntil: null, lastError: reason }
            : {
                status: "QUEUED",
                lockedUntil: null,
                lastError: reason,
                nextAttemptAt: new Date(Date.now() + retryDelayMs(mail.attempts, retry)),
              },
        )
        .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "SENDING")));
    },

    /** A page of mails, newest first, for the admin screen. */
    async listPage(query: unknown = {}): Promise<Paged<MailSummary>> {
      return pageOf(query, { count: () => countMails(), rows: mailsByAge });
    },

    /** How many mails there are, or how many have the given status. */
    count: countMails,

    /** One mail with both parts drawn, for the admin preview: a link that signs its reader in is hidden. */
    async get(id: number): Promise<MailRow & MailContent> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!row) throw notFound(NOT_FOUND.mail);
      const shown = { ...(row.data as Record<string, unknown>) };
      for (const field of SECRET_FIELDS) if (field in shown) shown[field] = HIDDEN_LINK;
      return { ...(await this.draw({ ...row, data: shown })), data: shown };
    },

    /** "Send again": a FAILED mail goes back in the queue with fresh attempts. Others are left alone. */
    async resend(id: number): Promise<MailRow> {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: "QUEUED", attempts: 0, nextAttemptAt: new Date(), lastError: null })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "FAILED")))
        .returning();
      if (row) return row;
      const [current] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!current) throw notFound(NOT_FOUND.mail);
      return current;
    },
  };
}
