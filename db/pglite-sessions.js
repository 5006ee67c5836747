// @ts-check
// Several `pg` connections onto PGlite's one database session (decision 0055).
//
// PGlite is one PostgreSQL backend: one session, one transaction at a time. The server speaks to
// it with the same `pg` pool as to PostgreSQL, over a Unix socket, so that the database works on
// its own thread while the page renders and, with several connections, always has the next
// statement waiting instead of waiting for the render's thread to send it. What a real server
// keeps per connection, this keeps per connection over the one session:
// - a statement's messages run as one unit: everything up to its Sync (or a simple Query) goes
//   to PGlite in one call, so another connection's Parse never lands between this one's Parse and
//   Bind (the defect of @electric-sql/pglite-socket, electric-sql/pglite#1046, open);
// - a transaction is its connection's alone: from BEGIN to the ReadyForQuery that says idle, only
//   that connection's messages run, the others wait in order;
// - prepared statements are named per connection (drizzle names its prepared statements the same
//   on every connection), and a connection that goes away is rolled back and its statements
//   deallocated.

/** PostgreSQL protocol 3.0 in a StartupMessage, and the request for TLS that may come before one. */
const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;

/** The frontend messages that end a unit: Sync, a simple Query, Flush (an answer is awaited). */
const UNIT_ENDS = new Set(["S", "Q", "H"]);

/**
 * @typedef {{ id: number, write(bytes: Uint8Array): void, close(): void }} Client
 * @typedef {{ client: Client, bytes: Buffer }} Unit
 * @typedef {{ client: Client, task: () => Promise<unknown>, done: (error?: unknown) => void }} Task
 * @typedef {{ execProtocolRaw(message: Uint8Array): Promise<Uint8Array> }} Backend
 */

/**
 * Reads a C string at `at`; answers it and where the next field starts.
 * @param {Buffer} bytes
 * @param {number} at
 */
function cString(bytes, at) {
  const end = bytes.indexOf(0, at);
  return { text: bytes.toString("utf8", at, end), next: end + 1 };
}

/**
 * A typed message with a new body (its length recomputed).
 * @param {string} type
 * @param {Buffer} body
 */
function message(type, body) {
  const head = Buffer.alloc(5);
  head.write(type, 0, "latin1");
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/**
 * Gives each connection's prepared statements their own names in the session: `name` of
 * connection 7 is `name@7`. Parse, Bind, Describe and Close name statements; nothing else does.
 * @param {Buffer} frame one typed message
 * @param {number} id the connection's number
 * @param {Set<string>} names the connection's statements (Parse adds, Close removes)
 */
function renameStatements(frame, id, names) {
  const type = String.fromCharCode(frame[0] ?? 0);
  const body = frame.subarray(5);
  const scoped = (/** @type {string} */ name) => (name === "" ? "" : `${name}@${id}`);
  if (type === "P") {
    const name = cString(body, 0);
    if (name.text === "") return frame;
    names.add(scoped(name.text));
    return message("P", Buffer.concat([Buffer.from(`${scoped(name.text)}\0`), body.subarray(name.next)]));
  }
  if (type === "B") {
    const portal = cString(body, 0);
    const statement = cString(body, portal.next);
    if (statement.text === "") return frame;
    return message(
      "B",
      Buffer.concat([
        body.subarray(0, portal.next),
        Buffer.from(`${scoped(statement.text)}\0`),
        body.subarray(statement.next),
      ]),
    );
  }
  if ((type === "D" || type === "C") && body[0] === "S".charCodeAt(0)) {
    const name = cString(body, 1);
    if (name.text === "") return frame;
    if (type === "C") names.delete(scoped(name.text));
    return message(type, Buffer.concat([Buffer.from(`S${scoped(name.text)}\0`)]));
  }
  return frame;
}

/**
 * The transaction status of the last ReadyForQuery in a backend answer ("I", "T", "E"), if any.
 * @param {Buffer} answer
 */
function lastStatus(answer) {
  let status;
  for (let at = 0; at + 5 <= answer.length; at += 1 + answer.readInt32BE(at + 1))
    if (answer[at] === "Z".charCodeAt(0)) status = String.fromCharCode(answer[at + 5] ?? 0);
  return status;
}

const quoted = (/** @type {string} */ name) => `"${name.replaceAll('"', '""')}"`;

/** One PGlite, many connections: units queued in order, one connection's transaction at a time. */
export class Sessions {
  /** @param {Backend} backend */
  constructor(backend) {
    this.backend = backend;
    /** @type {(Unit | Task)[]} */
    this.queue = [];
    /** The connection whose transaction (or unfinished unit) holds the session. */
    /** @type {Client | undefined} */
    this.owner = undefined;
    this.running = false;
    /** Set once the database is closing: nothing more is run. */
    this.closed = false;
    /** @type {Promise<void> | undefined} */
    this.current = undefined;
  }

  /**
   * A connection: feed it the bytes its socket receives; `end()` when the socket closes.
   * @param {Client} client
   */
  open(client) {
    /** @type {Buffer} */
    let pending = Buffer.alloc(0);
    let started = false;
    let ended = false;
    /** The messages of the unit being gathered. */
    /** @type {Buffer[]} */
    let unit = [];
    /** @type {Set<string>} */
    const names = new Set();

    /** @param {Buffer} bytes */
    const receive = (bytes) => {
      pending = pending.length ? Buffer.concat([pending, bytes]) : bytes;
      while (!ended) {
        if (!started) {
          if (pending.length < 8) return;
          const length = pending.readInt32BE(0);
          if (pending.length < length) return;
          const code = pending.readInt32BE(4);
          const frame = Buffer.from(pending.subarray(0, length));
          pending = pending.subarray(length);
          // No TLS on a Unix socket: "N", and the client goes on in plain text.
          if (code === SSL_REQUEST) client.write(Buffer.from("N"));
          else if (code === PROTOCOL_3) {
            started = true;
            this.enqueue({ client, bytes: frame });
          }
          // A CancelRequest (PGlite has no other backend to interrupt) or not PostgreSQL at all.
          else client.close();
          continue;
        }
        if (pending.length < 5) return;
        const length = 1 + pending.readInt32BE(1);
        if (pending.length < length) return;
        const frame = Buffer.from(pending.subarray(0, length));
        pending = pending.subarray(length);
        const type = String.fromCharCode(frame[0] ?? 0);
        if (type === "X") return end();
        unit.push(renameStatements(frame, client.id, names));
        if (UNIT_ENDS.has(type)) {
          this.enqueue({ client, bytes: Buffer.concat(unit) });
          unit = [];
        }
      }
    };

    /**
     * The socket is gone: its queued units are dropped and one last unit of its own rolls back
     * whatever it left open and lets its statements go. Queued under the same connection, that
     * unit is the next to run when the connection holds the session, even when the session only
     * becomes its own as a unit still running ends in a transaction; otherwise it runs in turn
     * (a rollback on an idle session is only a warning).
     */
    const end = () => {
      if (ended) return;
      ended = true;
      this.queue = this.queue.filter((queued) => queued.client !== client);
      // One Query message each: one that fails (a Parse that had failed) does not stop the others.
      const cleanup = [
        simpleQuery("rollback"),
        ...[...names].map((name) => simpleQuery(`deallocate ${quoted(name)}`)),
      ];
      names.clear();
      const last = { client, bytes: Buffer.concat(cleanup) };
      if (this.owner === client) this.queue.unshift(last);
      else this.queue.push(last);
      if (!this.closed) this.run();
    };

    return { receive, end };
  }

  /**
   * Runs `task` with the session to itself, between two connections' statements and never inside
   * a transaction (the database's upkeep: VACUUM cannot run in one).
   * @param {() => Promise<unknown>} task
   * @returns {Promise<void>}
   */
  exclusive(task) {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error("The database is closing."));
      this.queue.push({ client: BETWEEN, task, done: (error) => (error ? reject(error) : resolve()) });
      this.run();
    });
  }

  /** @param {Unit} unit */
  enqueue(unit) {
    if (this.closed) return unit.client.close();
    this.queue.push(unit);
    this.run();
  }

  /** Runs nothing more: resolves once the unit running now has finished, so the database can close. */
  async close() {
    this.closed = true;
    this.queue = [];
    while (this.running) await this.current;
  }

  run() {
    if (this.running) return this.current;
    this.running = true;
    this.current = this.drain();
    return this.current;
  }

  /** Runs the queued units one at a time, the owner's first. */
  async drain() {
    try {
      while (!this.closed) {
        const owner = this.owner;
        const index = owner ? this.queue.findIndex((queued) => queued.client === owner) : 0;
        if (index < 0 || this.queue.length === 0) return;
        const [next] = this.queue.splice(index, 1);
        if (!next) return;
        if ("task" in next) {
          await next.task().then(
            () => next.done(),
            (error) => next.done(error ?? new Error("The task failed.")),
          );
          continue;
        }
        let answer;
        try {
          answer = Buffer.from(await this.backend.execProtocolRaw(next.bytes));
        } catch {
          // PGlite itself failed (not a statement: those answer an ErrorResponse). The connection
          // cannot know where its session stands: it goes, and the session is made idle again.
          this.owner = undefined;
          next.client.close();
          await this.backend.execProtocolRaw(simpleQuery("rollback")).catch(() => {});
          continue;
        }
        const status = lastStatus(answer);
        // A unit that ends without ReadyForQuery (a Flush) or inside a transaction keeps the session.
        this.owner = status === "I" ? undefined : next.client;
        next.client.write(answer);
      }
    } finally {
      this.running = false;
    }
  }
}

/** The client of tasks run between connections' statements: it never holds the session. */
const BETWEEN = { id: 0, write() {}, close() {} };

/**
 * A simple Query message.
 * @param {string} text
 */
function simpleQuery(text) {
  return message("Q", Buffer.from(`${text}\0`));
}
