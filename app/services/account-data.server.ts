import { stringify } from "csv-stringify/sync";
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { DEFAULT_LANGUAGE, type Language } from "~/domain/languages";
import { dataFileName } from "~/domain/personal-data";
import { indianMobile } from "~/domain/phone";
import { mailAbout } from "~/domain/record-kinds";
import { DATA_EXPORT_TEXTS, type DataExportSection } from "~/domain/texts/data-export";
import { translator } from "~/domain/translations";
import type { Database } from "../../db/client";
import { courseLikes, courses, familyUpdates, mailOutbox, updateOptOuts, users } from "../../db/schema";
import { storesWith, type RecordOwner } from "./record-kinds/index.server";
import { ownedBy } from "./record-kinds/ownership.server";

/**
 * Everything stored about an account and its verified address (issue 20, decision 0037), as the
 * parent downloads it from the profile. Never the password hash, the session version or a link
 * token: those are the keys to the account and its orders, not data about the person.
 */
export type AccountData = {
  exportedAt: Date;
  account: {
    id: number;
    name: string;
    email: string;
    role: string;
    createdAt: Date;
    emailVerified: boolean;
    emailVerifiedAt: Date | null;
    /** When the parent last switched WhatsApp updates on from the profile (issue 39); null: never. */
    whatsappUpdatesAt: Date | null;
  };
  applications: Array<Record<string, unknown>>;
  demoRequests: Array<Record<string, unknown>>;
  orders: Array<Record<string, unknown> & { refunds: Array<Record<string, unknown>> }>;
  courseLikes: Array<{ courseId: number; courseTitle: string; likedAt: Date }>;
  /** Registrations from the Teachers page sent from the account's address, once that address is proved. */
  teacherApplications: Array<Record<string, unknown>>;
  /** The mails the site sent the account or its verified address: what they were, not their text. */
  mails: Array<{ subject: string; kind: string; status: string; createdAt: Date; sentAt: Date | null }>;
  /** The WhatsApp and SMS updates about the account's records (issue 39): what and where, not their text. */
  messages: Array<{
    channel: string;
    kind: string;
    toNumber: string;
    status: string;
    createdAt: Date;
    sentAt: Date | null;
  }>;
  /**
   * The channels switched off for the numbers on the account's records (a STOP on WhatsApp, or
   * the profile's switches): kept by number, so they are the family's too.
   */
  updateOptOuts: Array<{ toNumber: string; channel: string; source: string; optedOutAt: Date }>;
};

/**
 * The mails about the account (`about` user:<id>) and, once its address is proved, every mail to
 * that address. An unproved address may be someone else's: their mails are not the account's.
 */
export function mailsOf(owner: RecordOwner): SQL | undefined {
  const aboutAccount = eq(mailOutbox.about, `user:${owner.id}`);
  if (!owner.verified) return aboutAccount;
  return or(aboutAccount, eq(sql`lower(${mailOutbox.toAddress})`, owner.email.toLowerCase()));
}

/** CSV cells a spreadsheet would read as a formula start with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as text, with a leading quote before anything a spreadsheet would run as a formula. */
export function safeCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "string") text = value;
  else if (typeof value === "number" || typeof value === "boolean") text = String(value);
  else text = JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * The CSV's sections after the account, each named by its JSON key: each family record kind's,
 * then likes and mails; rows of other tables under a record (an order's refunds) are sections of
 * their own, pointing at it.
 */
type Section = {
  key: Exclude<keyof AccountData, "exportedAt" | "account"> & DataExportSection;
  nested?: { field: DataExportSection; parentKey: string };
};
const SECTIONS: Section[] = [
  ...storesWith("dataExport").map(({ dataExport }) => ({
    key: dataExport.key as Section["key"],
    nested: dataExport.nestedAs,
  })),
  { key: "courseLikes" },
  { key: "mails" },
  { key: "messages" },
  { key: "updateOptOuts" },
];

/**
 * The same data as one CSV for a spreadsheet: one row per field (Section, Record, Field, Value),
 * so records of every kind share four columns. The columns and sections are in `language` (the
 * page the download was asked from); the fields keep the JSON's names. UTF-8 with a byte-order
 * mark, so Excel reads names in any script; every cell is made safe against formulas.
 */
function accountDataCsv(data: AccountData, language: Language): string {
  const t = translator(DATA_EXPORT_TEXTS, language);
  const rows: string[][] = [];
  const fields = (section: DataExportSection, record: unknown, values: Record<string, unknown>) => {
    const label = t(`section.${section}`);
    for (const [field, value] of Object.entries(values)) {
      if (Array.isArray(value)) continue;
      rows.push([label, safeCell(record), field, safeCell(value)]);
    }
  };
  fields("exportedAt", "", { exportedAt: data.exportedAt });
  fields("account", data.account.id, data.account);
  for (const { key, nested } of SECTIONS) {
    data[key].forEach((record: Record<string, unknown>, index) => {
      const id = record.id ?? record.courseId ?? index + 1;
      fields(key, id, record);
      if (!nested) return;
      for (const row of record[nested.field] as Record<string, unknown>[])
        fields(nested.field, row.id, { [nested.parentKey]: id, ...row });
    });
  }
  const columns = [t("column.section"), t("column.record"), t("column.field"), t("column.value")];
  return stringify(rows, { bom: true, header: true, columns });
}

/** A download ready to send: its name (zipat-my-data-YYYY-MM-DD.json), type and bytes. */
export type DataFile = { fileName: string; contentType: string; body: string };

/** The parent's "Download my data". */
export function createAccountDataService(db: Database) {
  return {
    /**
     * The account's data as a JSON or CSV file, or null when the account no longer exists. The
     * CSV's labels are in `language`; the JSON's keys are the same in every language.
     */
    async download(
      userId: number,
      format: "json" | "csv",
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<DataFile | null> {
      const data = await this.forUser(userId);
      if (!data) return null;
      const fileName = dataFileName(data.exportedAt, format);
      return format === "json"
        ? {
            fileName,
            contentType: "application/json; charset=utf-8",
            body: `${JSON.stringify(data, null, 2)}\n`,
          }
        : { fileName, contentType: "text/csv; charset=utf-8", body: accountDataCsv(data, language) };
    },

    /** Everything about the account, or null when it no longer exists. */
    async forUser(userId: number): Promise<AccountData | null> {
      const [account] = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
          emailVerifiedAt: users.emailVerifiedAt,
          whatsappUpdatesAt: users.whatsappUpdatesAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!account) return null;
      const owner: RecordOwner = {
        id: account.id,
        email: account.email,
        verified: account.emailVerifiedAt !== null,
      };
      const stores = storesWith("dataExport");
      const [likeRows, mailRows, ...recordRows] = await Promise.all([
        db
          .select({ courseId: courses.id, courseTitle: courses.title, likedAt: courseLikes.createdAt })
          .from(courseLikes)
          .innerJoin(courses, eq(courses.id, courseLikes.courseId))
          .where(eq(courseLikes.userId, userId))
          .orderBy(asc(courseLikes.createdAt)),
        db
          .select({
            subject: mailOutbox.subject,
            kind: mailOutbox.kind,
            status: mailOutbox.status,
            createdAt: mailOutbox.createdAt,
            sentAt: mailOutbox.sentAt,
          })
          .from(mailOutbox)
          .where(mailsOf(owner))
          .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id)),
        ...stores.map(async ({ table, id, createdAt, ownerColumns, dataExport }) => {
          const rows = (await db
            .select(dataExport.columns)
            .from(table)
            .where(ownedBy(ownerColumns!, owner))
            .orderBy(asc(createdAt), asc(id))) as Record<string, unknown>[];
          return dataExport.nested ? dataExport.nested(db, rows) : rows;
        }),
      ]);
      const records = Object.fromEntries(
        stores.map(({ dataExport }, index) => [dataExport.key, recordRows[index]]),
      ) as Pick<AccountData, "applications" | "demoRequests" | "orders" | "teacherApplications">;
      // The updates are named by the record they are about, as its mails are (`about`).
      const abouts = stores.flatMap(({ kind }, index) =>
        (recordRows[index] as Array<{ id: string | number }>).map((row) => mailAbout(kind, row.id)),
      );
      const messages = abouts.length
        ? await db
            .select({
              channel: familyUpdates.channel,
              kind: familyUpdates.kind,
              toNumber: familyUpdates.toNumber,
              status: familyUpdates.status,
              createdAt: familyUpdates.createdAt,
              sentAt: familyUpdates.sentAt,
            })
            .from(familyUpdates)
            .where(inArray(familyUpdates.about, abouts))
            .orderBy(asc(familyUpdates.createdAt), asc(familyUpdates.id))
        : [];
      const numbers = [
        ...new Set(
          Object.values(records)
            .flat()
            .map((row) => {
              const { mobile } = row as { mobile?: unknown };
              return typeof mobile === "string" ? indianMobile(mobile) : null;
            })
            .filter((number): number is string => number !== null),
        ),
      ];
      const updateOptOutRows = numbers.length
        ? await db
            .select({
              toNumber: updateOptOuts.toNumber,
              channel: updateOptOuts.channel,
              source: updateOptOuts.source,
              optedOutAt: updateOptOuts.optedOutAt,
            })
            .from(updateOptOuts)
            // The numbers' opt-outs but those another account set: what it did is its own data.
            .where(
              and(
                inArray(updateOptOuts.toNumber, numbers),
                or(isNull(updateOptOuts.setBy), eq(updateOptOuts.setBy, userId)),
              ),
            )
            .orderBy(asc(updateOptOuts.optedOutAt), asc(updateOptOuts.toNumber))
        : [];
      return {
        exportedAt: new Date(),
        account: {
          id: account.id,
          name: account.name,
          email: account.email,
          role: account.role,
          createdAt: account.createdAt,
          emailVerified: owner.verified,
          emailVerifiedAt: account.emailVerifiedAt,
          whatsappUpdatesAt: account.whatsappUpdatesAt,
        },
        ...records,
        courseLikes: likeRows,
        mails: mailRows,
        messages,
        updateOptOuts: updateOptOutRows,
      };
    },
  };
}
