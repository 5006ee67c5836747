import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "~/server/logger.server";

/** What a failed insert of an application throws: drizzle's error around PostgreSQL's. */
function failedInsert() {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
    code: "23505",
    detail: "Key (lower(email))=(meera.iyer@example.com) already exists.",
  });
  return new DrizzleQueryError(
    'insert into "applications" ("student_name", "dob", "mobile") values ($1, $2, $3)',
    ["Aarav Iyer\nsecond line", "2019-06-15", "+919876543210"],
    cause,
  );
}

describe("error log lines", () => {
  it("keep a failed query, its reason and its stack, never the values a parent sent", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    createLogger("info", sink).error({ err: failedInsert(), reqId: "r-1" }, "page request failed");
    await new Promise((resolve) => setImmediate(resolve));

    const line = lines.join("");
    for (const value of ["Aarav", "second line", "2019-06-15", "9876543210", "meera.iyer"])
      expect(line).not.toContain(value);
    const { err } = JSON.parse(line);
    expect(err.message).toBe(
      'Failed query: insert into "applications" ("student_name", "dob", "mobile") values ($1, $2, $3)\nparams: (not logged)',
    );
    expect(err.stack).toContain("error-log.test.ts");
    expect(err.cause).toMatchObject({ code: "23505", message: expect.stringContaining("duplicate key") });
  });
});
