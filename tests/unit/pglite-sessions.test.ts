import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
import { serialize } from "pg-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../../db/client";
import { Sessions } from "../../db/pglite-sessions.js";
import { upkeep } from "../../db/pglite-upkeep.js";

/** A table of the test's own: prepared statements over it need no seeded data. */
const items = pgTable("thread_items", { id: integer("id").primaryKey(), fee: integer("fee").notNull() });

/** The backend messages of an answer, read enough to check: rows' first column, errors, status. */
type Answer = { rows: string[]; errors: string[]; status: string | undefined };

function read(bytes: Buffer): Answer {
  const answer: Answer = { rows: [], errors: [], status: undefined };
  for (let at = 0; at + 5 <= bytes.length; at += 1 + bytes.readInt32BE(at + 1)) {
    const type = String.fromCharCode(bytes[at]!);
    const body = bytes.subarray(at + 5, at + 1 + bytes.readInt32BE(at + 1));
    if (type === "D") {
      const length = body.readInt32BE(2);
      answer.rows.push(length < 0 ? "null" : body.toString("utf8", 6, 6 + length));
    } else if (type === "E") {
      // Fields: a type byte and a C string each; "M" is the message.
      for (let field = 0; body[field]; field = body.indexOf(0, field) + 1)
        if (body[field] === "M".charCodeAt(0))
          answer.errors.push(body.toString("utf8", field + 1, body.indexOf(0, field)));
    } else if (type === "Z") answer.status = String.fromCharCode(body[0]!);
  }
  return answer;
}

/** A connection to the sessions as the `pg` driver makes one: messages in, answers out. */
function connect(sessions: Sessions, id: number) {
  let output = Buffer.alloc(0);
  let wake = () => {};
  let closed = false;
  const connection = sessions.open({
    id,
    write(bytes) {
      output = Buffer.concat([output, Buffer.from(bytes)]);
      wake();
    },
    close() {
      closed = true;
    },
  });
  /** Everything answered since the last call, once it ends with a ReadyForQuery. */
  const answered = async (): Promise<Answer> => {
    while (read(output).status === undefined) await new Promise<void>((resolve) => (wake = resolve));
    const answer = read(output);
    output = Buffer.alloc(0);
    return answer;
  };
  const ready = (async () => {
    connection.receive(serialize.startup({ user: "postgres", database: "postgres" }));
    await answered();
  })();
  return {
    ready,
    /** Sends bytes without waiting: the answer is read with `answered`. */
    send: (...messages: Buffer[]) => connection.receive(Buffer.concat(messages)),
    answered,
    /** A whole statement, as `pg` sends one. */
    async query(text: string, values: string[] = [], name = ""): Promise<Answer> {
      connection.receive(Buffer.concat(extended(text, values, name)));
      return answered();
    },
    /** Whether anything was answered, without waiting. */
    pending: () => output.length === 0,
    end: () => connection.end(),
    get closed() {
      return closed;
    },
  };
}

const extended = (text: string, values: string[], name = "") => [
  serialize.parse({ name, text }),
  serialize.bind({ statement: name, values }),
  serialize.describe({ type: "P" }),
  serialize.execute({}),
  serialize.sync(),
];

/** Lets the sessions run whatever they can now. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("PGlite's one session shared by several connections (db/pglite-sessions.js)", () => {
  let backend: PGlite;
  let sessions: Sessions;

  beforeAll(async () => {
    backend = await PGlite.create();
    await backend.exec(
      "create table counters (id int primary key, value int not null); insert into counters values (1, 0);",
    );
    sessions = new Sessions(backend);
  });
  afterAll(() => backend.close());

  it("runs each connection's statement whole, however their messages arrive", async () => {
    const [first, second] = [connect(sessions, 1), connect(sessions, 2)];
    await Promise.all([first.ready, second.ready]);
    const [firstParse, ...firstRest] = extended("select ($1::int + 1)::text", ["41"]);
    const [secondParse, ...secondRest] = extended("select upper($1)", ["kept apart"]);
    // Each Parse before either Bind: on one session the second Parse would replace the first's.
    first.send(firstParse!);
    second.send(secondParse!);
    first.send(...firstRest);
    second.send(...secondRest);
    expect(await first.answered()).toEqual({ rows: ["42"], errors: [], status: "I" });
    expect(await second.answered()).toEqual({ rows: ["KEPT APART"], errors: [], status: "I" });
  });

  it("keeps each connection's prepared statements its own, under the same name", async () => {
    const [first, second] = [connect(sessions, 3), connect(sessions, 4)];
    await Promise.all([first.ready, second.ready]);
    expect((await first.query("select 'first:' || $1", ["a"], "same_name")).rows).toEqual(["first:a"]);
    expect((await second.query("select 'second:' || $1", ["b"], "same_name")).rows).toEqual(["second:b"]);
    // Bound again without a Parse, as `pg` does once it has prepared a name on its connection.
    first.send(
      serialize.bind({ statement: "same_name", values: ["c"] }),
      serialize.execute({}),
      serialize.sync(),
    );
    expect((await first.answered()).rows).toEqual(["first:c"]);
  });

  it("gives the session to one connection's transaction until it ends; the others wait their turn", async () => {
    const [writer, reader] = [connect(sessions, 5), connect(sessions, 6)];
    await Promise.all([writer.ready, reader.ready]);
    expect((await writer.query("begin")).status).toBe("T");
    await writer.query("update counters set value = value + 1 where id = 1");
    reader.send(...extended("select value::text from counters where id = 1", []));
    await settle();
    expect(reader.pending()).toBe(true);
    expect((await writer.query("commit")).status).toBe("I");
    expect((await reader.answered()).rows).toEqual(["1"]);
  });

  it("holds a failed transaction for its connection until it rolls back", async () => {
    const [failing, other] = [connect(sessions, 7), connect(sessions, 8)];
    await Promise.all([failing.ready, other.ready]);
    await failing.query("begin");
    const failed = await failing.query("select no_such_column from counters");
    expect(failed.errors).toEqual([expect.stringContaining("no_such_column")]);
    expect(failed.status).toBe("E");
    other.send(...extended("select 'other'", []));
    await settle();
    expect(other.pending()).toBe(true);
    expect((await failing.query("rollback")).status).toBe("I");
    expect((await other.answered()).rows).toEqual(["other"]);
  });

  it("rolls back a connection that goes away in a transaction, and lets its statements go", async () => {
    const [leaving, staying] = [connect(sessions, 9), connect(sessions, 10)];
    await Promise.all([leaving.ready, staying.ready]);
    await leaving.query("select 'prepared'", [], "left_behind");
    await leaving.query("begin");
    await leaving.query("update counters set value = 100 where id = 1");
    staying.send(...extended("select value::text from counters where id = 1", []));
    leaving.end();
    expect((await staying.answered()).rows).toEqual(["1"]);
    const left = await staying.query(
      "select count(*)::text from pg_prepared_statements where name like 'left_behind%'",
    );
    expect(left.rows).toEqual(["0"]);
  });

  it("rolls back a connection that goes away while its BEGIN is still running", async () => {
    const [leaving, staying] = [connect(sessions, 13), connect(sessions, 14)];
    await Promise.all([leaving.ready, staying.ready]);
    leaving.send(serialize.query("begin; update counters set value = 200 where id = 1"));
    leaving.end();
    const after = await staying.query("select value::text from counters where id = 1");
    expect(after).toEqual({ rows: ["1"], errors: [], status: "I" });
  });

  it("runs a task between connections' statements, never inside a transaction", async () => {
    const holder = connect(sessions, 15);
    await holder.ready;
    await holder.query("begin");
    let ran = false;
    const task = sessions.exclusive(async () => {
      ran = true;
    });
    await settle();
    expect(ran).toBe(false);
    await holder.query("commit");
    await task;
    expect(ran).toBe(true);
  });

  it("answers a statement's error to its own connection only, the session idle after it", async () => {
    const [wrong, right] = [connect(sessions, 11), connect(sessions, 12)];
    await Promise.all([wrong.ready, right.ready]);
    wrong.send(...extended("select 1/0", []));
    right.send(...extended("select 'fine'", []));
    const [wrongAnswer, rightAnswer] = [await wrong.answered(), await right.answered()];
    expect(wrongAnswer).toEqual({ rows: [], errors: ["division by zero"], status: "I" });
    expect(rightAnswer).toEqual({ rows: ["fine"], errors: [], status: "I" });
  });
});

describe("the embedded database's upkeep (db/pglite-upkeep.js): what autovacuum does on a server", () => {
  let backend: PGlite;

  beforeAll(async () => {
    backend = await PGlite.create();
  });
  afterAll(() => backend.close());

  const planOf = async (statement: string) =>
    (await backend.query<{ "QUERY PLAN": string }>(`explain ${statement}`)).rows
      .map((row) => row["QUERY PLAN"])
      .join("\n");

  it("makes a prepared statement planned on a small table plan again once the table has grown", async () => {
    await backend.exec(`create table grown (id serial primary key, a text not null, b text not null);
      create index grown_a on grown (a); create index grown_b on grown (b);
      insert into grown (a, b) values ('a0', 'b0'); analyze grown;
      prepare find_either(text, text) as select id from grown where a = $1 or b = $2 order by id desc limit 5;`);
    // Five custom plans, then the generic one the statement keeps: made for a table of one row.
    for (let call = 0; call < 6; call++) await backend.query("execute find_either('x', 'y')");
    await backend.exec(
      "insert into grown (a, b) select 'a' || i, 'b' || i from generate_series(1, 5000) as i",
    );
    expect(await planOf("execute find_either('a1', 'b1')")).toContain("Seq Scan on grown");
    expect(await upkeep(backend)).toEqual({ vacuumed: ["public.grown"], analyzed: [] });
    expect(await planOf("execute find_either('a1', 'b1')")).toContain("Bitmap Index Scan on grown_a");
  });

  it("analyzes a table past 50 + 10% changes, vacuums one past 50 + 20% dead rows, leaves a quiet one be", async () => {
    await backend.exec(`create table changed (id int primary key, value int); create table churned (id int primary key, value int);
      create table quiet (id int primary key);
      insert into changed select i, 0 from generate_series(1, 500) as i;
      insert into churned select i, 0 from generate_series(1, 500) as i; insert into quiet values (1);`);
    await upkeep(backend);
    await backend.exec(
      "update changed set value = 1 where id <= 120; update churned set value = 1 where id <= 200;",
    );
    const done = await upkeep(backend);
    expect(done).toEqual({ vacuumed: ["public.churned"], analyzed: ["public.changed"] });
    expect(await upkeep(backend)).toEqual({ vacuumed: [], analyzed: [] });
  });
});

describe("the embedded database on its own thread, through the pg driver", { timeout: 60_000 }, () => {
  let dataDir: string;
  let database: DatabaseHandle;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "zipat-thread-"));
    database = await openDatabase({ dataDir });
    await database.migrate();
  });
  afterAll(async () => {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("runs a prepared statement of one name on many connections at once", async () => {
    await queryRows(database.db, sql`create table thread_items (id int primary key, fee int not null)`);
    await database.db.insert(items).values(Array.from({ length: 40 }, (_, id) => ({ id, fee: 1000 + id })));
    const feeOf = database.db
      .select({ fee: items.fee })
      .from(items)
      .where(eq(items.id, sql.placeholder("id")))
      .prepare("fee_of_item");
    const fees = await Promise.all(
      Array.from({ length: 40 }, async (_, id) => (await feeOf.execute({ id }))[0]?.fee),
    );
    expect(fees).toEqual(Array.from({ length: 40 }, (_, index) => 1000 + index));
  });

  it("runs transactions one at a time: concurrent read-modify-writes lose nothing", async () => {
    await queryRows(database.db, sql`create table if not exists thread_counter (value int not null)`);
    await queryRows(database.db, sql`insert into thread_counter values (0)`);
    await Promise.all(
      Array.from({ length: 30 }, () =>
        database.db.transaction(async (tx) => {
          const [row] = await queryRows<{ value: number }>(tx, sql`select value from thread_counter`);
          await new Promise((resolve) => setTimeout(resolve, 1));
          await queryRows(tx, sql`update thread_counter set value = ${row!.value + 1}`);
        }),
      ),
    );
    const [row] = await queryRows<{ value: number }>(database.db, sql`select value from thread_counter`);
    expect(row!.value).toBe(30);
  });

  it("keeps what was committed when the folder is opened again", async () => {
    await database.close();
    database = await openDatabase({ dataDir });
    const [row] = await queryRows<{ value: number }>(database.db, sql`select value from thread_counter`);
    expect(row!.value).toBe(30);
  });
});
