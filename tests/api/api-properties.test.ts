import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "~/api/router.server";
import * as schema from "../../db/schema";
import { startTestApp, type ApiAnswer, type ApiInit, type TestApp } from "../support/app";
import { hostileText } from "../support/bad-input";
import { fileOfBytes, makeImage, makePdf } from "./helpers";

/**
 * Requests generated from /api/openapi.json's own request schemas (decision 0038): bodies built
 * from each body's JSON Schema, or from its example with fields swapped, and then, often, broken
 * (a field dropped, a wrong type, hostile or oversized text, an unknown key, a body of another
 * shape or type), with query parameters and ids in and out of their bounds, signed in or not.
 * Every answer goes through the contract check of tests/support/app.ts (a status the operation
 * does not declare, or a body off its schema, fails), and here: never a 5xx, and a 4xx stores
 * nothing (no row of any table changes, no file is added).
 */

type Json = Record<string, unknown>;
type Media = { schema: Json; example?: Json };
type Operation = {
  operationId: string;
  "x-access": string;
  parameters?: Array<{ name: string; in: string; schema: Json }>;
  requestBody?: { content: Record<string, Media> };
};

const document = openApiDocument("http://localhost:3000") as unknown as {
  paths: Record<string, Record<string, Operation>>;
};
const OPERATIONS = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);

// ---------------------------------------------------------------------------------------------
// JSON Schema (the keywords zod writes for request bodies and parameters) -> fast-check

function arbitraryOf(schema: Json): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as Json[]).map(arbitraryOf));
  switch (schema.type) {
    case "string":
      return stringOf(schema);
    case "integer":
      return fc.integer({
        min: (schema.minimum as number | undefined) ?? -1_000_000,
        max: Math.min((schema.maximum as number | undefined) ?? 1_000_000, Number.MAX_SAFE_INTEGER),
      });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(arbitraryOf((schema.items as Json | undefined) ?? {}), { maxLength: 3 });
    case "object":
      return objectOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: Json): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, 60);
  if (schema.format === "binary") return fc.constant("");
  if (typeof schema.pattern === "string")
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter(
        (text) => text.length >= minLength && text.length <= ((schema.maxLength as number) ?? Infinity),
      );
  return fc.oneof(
    fc.string({ minLength, maxLength: Math.max(minLength, maxLength), unit: "grapheme" }),
    fc.constantFrom("Asha Verma", "ravi@example.com", "+91 98765 43210", "2018-06-01", "Grade 2"),
  );
}

function objectOf(schema: Json): fc.Arbitrary<Json> {
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  // A file travels as a multipart part of its own (initOf), not as a field.
  const entries = Object.entries(properties).filter(([, property]) => property.format !== "binary");
  const names = new Set(entries.map(([name]) => name));
  return fc.record(Object.fromEntries(entries.map(([name, property]) => [name, arbitraryOf(property)])), {
    requiredKeys: ((schema.required ?? []) as string[]).filter((name) => names.has(name)),
  });
}

// ---------------------------------------------------------------------------------------------
// Requests: valid ones from the schema or the example, then mutated

/** A body that follows the schema: generated outright, or the example with some fields swapped. */
function validBody(media: Media): fc.Arbitrary<Json> {
  const generated = objectOf(media.schema);
  if (!media.example) return generated;
  const example = media.example;
  return fc.oneof(
    generated,
    generated.map((swapped) => ({ ...example, ...pickSome(swapped) })),
    fc.constant(example),
  );
}
const pickSome = (body: Json) =>
  Object.fromEntries(Object.entries(body).filter((_, index) => index % 2 === 0));

const wrongValue = fc.oneof(
  hostileText,
  fc.jsonValue({ maxDepth: 2 }),
  fc.integer({ min: 101, max: 20_000 }).map((length) => "x".repeat(length)),
  // A lone surrogate and invisible characters: JSON carries them escaped.
  fc.constantFrom("\ud800", "a\udc00b", "\u200b\u200b", "\u202e", "\u0000"),
);

/** A change that makes a body wrong, or may: the result is any JSON value. */
type Mutation = (body: Json) => fc.Arbitrary<unknown>;
const MUTATIONS: Mutation[] = [
  (body) =>
    (Object.keys(body).length ? fc.constantFrom(...Object.keys(body)) : fc.constant("x")).map((key) =>
      Object.fromEntries(Object.entries(body).filter(([name]) => name !== key)),
    ),
  (body) =>
    fc
      .tuple(fc.constantFrom(...Object.keys(body), "unknownField", "__proto__"), wrongValue)
      .map(([key, value]) => ({ ...body, [key]: value })),
  () =>
    fc.oneof(
      fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }),
      hostileText,
      fc.integer(),
      fc.constant(null),
    ),
];

/** How the body travels: as JSON, raw text under a content type, or multipart with a file. */
type Sent =
  | { kind: "json"; body: unknown }
  | { kind: "raw"; body: string; type: string }
  | { kind: "multipart"; fields: Json; field: string; file: "image" | "pdf" | "junk" | null };

function bodyFor(operation: Operation): fc.Arbitrary<Sent | null> {
  const content = operation.requestBody?.content;
  if (!content) return fc.constant(null);
  const json = content["application/json"];
  const multipart = content["multipart/form-data"];
  const options: Array<fc.Arbitrary<Sent>> = [];
  if (json) {
    const valid = validBody(json);
    options.push(
      valid.map((body) => ({ kind: "json" as const, body })),
      valid
        .chain((body) => fc.oneof(...MUTATIONS.map((mutate) => mutate(body))))
        .map((body) => ({
          kind: "json" as const,
          body,
        })),
    );
  }
  const shape = (json ?? multipart)!;
  options.push(
    fc
      .tuple(
        fc.constantFrom('{"a":', "", "null", "[]", "{}", '{"__proto__":{"admin":true}}', "x".repeat(110_000)),
        fc.constantFrom(
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "application/xml",
        ),
      )
      .map(([body, type]) => ({ kind: "raw" as const, body, type })),
  );
  if (multipart) {
    const field = "cv" in (multipart.schema.properties as Json) ? "cv" : "image";
    options.push(
      fc
        .tuple(
          validBody(shape).chain((body) =>
            fc.oneof(fc.constant(body), ...MUTATIONS.slice(0, 2).map((m) => m(body))),
          ),
          fc.constantFrom("image" as const, "pdf" as const, "junk" as const, null),
        )
        .map(([fields, file]) => ({ kind: "multipart" as const, fields: fields as Json, field, file })),
    );
  }
  return fc.oneof(...options);
}

/** A query parameter's value: within its bounds, outside them, or not a number at all. */
function queryFor(operation: Operation): fc.Arbitrary<string> {
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === "query");
  if (query.length === 0) return fc.constant("");
  return fc
    .array(
      fc.tuple(
        fc.constantFrom(...query),
        fc.oneof(
          ...query.map((parameter) => arbitraryOf(parameter.schema).map(String)),
          fc.constantFrom("0", "-1", "1.5", "1e3", "abc", "", "99999999999", "201"),
        ),
      ),
      { maxLength: 2 },
    )
    .map((pairs) =>
      pairs.length
        ? `?${new URLSearchParams(pairs.map(([parameter, value]) => [parameter.name, value]))}`
        : "",
    );
}

// ---------------------------------------------------------------------------------------------

let app: TestApp;
let tokens: { user: string; admin: string };
let files: { image: Uint8Array; pdf: Uint8Array };
/** Ids of records made before the run (and of none: the generator also picks any whole number). */
const knownIds: number[] = [];

beforeAll(async () => {
  app = await startTestApp();
  tokens = { user: (await app.createUser("USER")).token, admin: (await app.createUser("ADMIN")).token };
  files = { image: await makeImage(), pdf: makePdf() };
  // A record of each kind, so calls on an id also reach real records (ids 1 and 2 of each table).
  for (const { operation, path } of OPERATIONS.filter(
    ({ method, path }) => method === "POST" && `${path}/{id}` in document.paths,
  )) {
    const content = operation.requestBody!.content;
    const multipart = content["multipart/form-data"];
    const example = (multipart ?? content["application/json"])!.example!;
    const field = multipart && "cv" in (multipart.schema.properties as Json) ? "cv" : "image";
    for (let copy = 0; copy < 2; copy += 1) {
      const sent: Sent = multipart
        ? {
            kind: "multipart",
            fields: { ...example, [field]: undefined },
            field,
            file: field === "cv" ? "pdf" : "image",
          }
        : { kind: "json", body: example };
      const created = await app.api(path, initOf("POST", sent, tokens.admin));
      expect(created.status, `${path}: ${JSON.stringify(created.body)}`).toBeLessThan(300);
    }
  }
  knownIds.push(1, 2);
});
afterAll(async () => {
  await app?.close();
});

/** Tables whose rows change on every call by design: the per-address rate-limit counters. */
const COUNTERS = new Set<string>([getTableName(schema.rateLimitWindows)]);
const TABLES: string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .filter((name) => !COUNTERS.has(name));

/** Every stored row of every table (counters aside; uploaded images are rows too), as one fingerprint. */
async function storedState(): Promise<string> {
  const parts = TABLES.map(
    (name) =>
      sql`select ${name}::text as name, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${sql.identifier(name)} t`,
  );
  type Digest = { name: string; digest: string };
  const result: unknown = await app.db.execute(sql.join(parts, sql` union all `));
  // node-postgres and PGlite answer { rows }; some drivers answer the rows themselves.
  const list = Array.isArray(result) ? (result as Digest[]) : (result as { rows: Digest[] }).rows;
  return JSON.stringify(list.map((row) => `${row.name}:${row.digest}`).sort());
}

function initOf(method: string, sent: Sent | null, token: string | undefined): ApiInit {
  const base: ApiInit = { method, token };
  if (!sent) return base;
  if (sent.kind === "json") return { ...base, json: sent.body };
  if (sent.kind === "raw") return { ...base, body: sent.body, headers: { "content-type": sent.type } };
  const form = new FormData();
  for (const [key, value] of Object.entries(sent.fields))
    if (value !== undefined) form.append(key, typeof value === "string" ? value : JSON.stringify(value));
  if (sent.file) {
    const bytes =
      sent.file === "image" ? files.image : sent.file === "pdf" ? files.pdf : new Uint8Array([1, 2, 3]);
    form.append(
      sent.field,
      fileOfBytes(bytes, sent.file === "pdf" ? "cv.pdf" : "image.png", "application/octet-stream"),
    );
  }
  return { ...base, form };
}

/** One operation's requests. */
const requestsFor = ({ path, method, operation }: (typeof OPERATIONS)[number]) =>
  fc.record({
    method: fc.constant(method),
    operation: fc.constant(operation),
    path: fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...knownIds.map(String)),
          fc.integer({ min: 1, max: 2_147_483_647 }).map(String),
          fc.constantFrom("0", "-1", "01", "1e0", "abc", "%E0%A4%A", "9999999999"),
        ),
        queryFor(operation),
      )
      .map(([id, query]) => path.replace("{id}", id) + query),
    sent: bodyFor(operation),
    who: fc.constantFrom("anonymous", "user", "admin", "rightful", "rightful", "rightful"),
  });

/** Requests per operation: 31 operations, about 220 requests in all. */
const RUNS_PER_OPERATION = 7;

describe("requests generated from the document's own schemas", () => {
  it("never answer 5xx or an undeclared status, and a 4xx stores nothing", async () => {
    const seen = new Map<string, Set<number>>();
    const started = Date.now();
    let state = await storedState();
    for (const entry of OPERATIONS)
      await fc.assert(
        fc.asyncProperty(requestsFor(entry), async ({ method, operation, path, sent, who }) => {
          const access = operation["x-access"];
          const role =
            who === "rightful"
              ? access === "admin"
                ? "admin"
                : access === "user"
                  ? "user"
                  : "anonymous"
              : who;
          const token = role === "anonymous" ? undefined : tokens[role];
          // app.api checks the answer against the document (tests/support/app.ts): it throws when undeclared.
          const answer: ApiAnswer = await app.api(path, initOf(method, sent, token));
          expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
          // Nothing else writes meanwhile: the state after the previous request is the state before this one.
          const before = state;
          state = await storedState();
          if (answer.status >= 400) expect(state, `${method} ${path} ${answer.status}`).toBe(before);
          const statuses = seen.get(operation.operationId) ?? new Set<number>();
          seen.set(operation.operationId, statuses.add(answer.status));
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
    // Every operation is reached, and both successes and refusals are.
    expect([...seen.keys()].sort()).toEqual(OPERATIONS.map(({ operation }) => operation.operationId).sort());
    const all = [...seen.values()].flatMap((statuses) => [...statuses]);
    expect(all.some((status) => status < 300)).toBe(true);
    expect(all.some((status) => status === 400)).toBe(true);
    // About 10 s on a quiet 2-core machine; the margin is for a loaded one.
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
