// @ts-check
// The embedded database on its own thread (decision 0055): PGlite opens the data folder here and
// answers PostgreSQL's wire protocol on a Unix socket, so the server speaks to it with the same
// `pg` pool as to PostgreSQL while its own thread renders pages. Plain JavaScript: the thread
// starts from this file under node, tsx and the tests alike, with nothing to compile.
import { createServer } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions.js";
import { Sessions } from "./pglite-sessions.js";
import { UPKEEP_EVERY_MS, upkeep } from "./pglite-upkeep.js";

/** @type {{ dataDir: string | undefined, socketPath: string, from: Blob | undefined }} */
const { dataDir, socketPath, from } = workerData;
if (!parentPort) throw new Error("db/pglite-worker.js runs as a worker thread.");
const port = parentPort;

try {
  const database = await PGlite.create({ dataDir, loadDataDir: from, extensions: PGLITE_EXTENSIONS });
  const sessions = new Sessions(database);
  let nextId = 1;
  /** @type {Set<import("node:net").Socket>} */
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    const connection = sessions.open({
      id: nextId++,
      write: (bytes) => socket.write(bytes),
      close: () => socket.destroy(),
    });
    socket.on("data", connection.receive);
    socket.on("error", () => {});
    socket.on("close", () => {
      sockets.delete(socket);
      connection.end();
    });
  });
  await new Promise((resolve, reject) =>
    server.once("error", reject).listen(socketPath, () => resolve(undefined)),
  );
  // PGlite has no autovacuum (db/pglite-upkeep.js); a round that fails is tried again at the next.
  const tidying = setInterval(
    () => sessions.exclusive(() => upkeep(database)).catch(() => {}),
    UPKEEP_EVERY_MS,
  );
  port.on("message", async (message) => {
    if (message !== "close") return;
    clearInterval(tidying);
    server.close();
    for (const socket of sockets) socket.destroy();
    await sessions.close();
    await database.close();
    port.postMessage({ closed: true });
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ failed: error instanceof Error ? error.message : String(error) });
}
