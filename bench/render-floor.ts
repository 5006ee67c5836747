/**
 * The render floor of issue 22: the same Remix build's request handler under a bare node:http
 * server — no Express, no middleware, no compression — whose load context answers from data
 * captured in memory. Each service call is made once against the database and its answer kept;
 * every later request with the same arguments gets that answer, so a page costs what React and
 * Remix cost to render it and nothing of ours. Started by bench/signed-in.ts with the site's
 * database in BENCH_DATABASE_URL or BENCH_DATA_DIR; prints its port.
 */
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  createRequestHandler,
  installGlobals,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import { createImageStorage } from "../app/services/image-storage.server";
import { createServices, type Services } from "../app/services/index.server";
import { openDatabase } from "../db/client";
import { PROJECT_ROOT } from "../tests/support/server";
import { BENCH_JWT_SECRET } from "./site";

installGlobals({ nativeFetch: true });

/** `target` with every function (at any depth) answering from the first call with the same arguments. */
function answeringFromMemory<T extends object>(
  target: T,
  answers = new Map<string, unknown>(),
  prefix = "",
): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value: unknown = Reflect.get(object, key, receiver);
      const name = `${prefix}.${String(key)}`;
      if (typeof value === "function")
        return (...args: unknown[]) => {
          const id = `${name}(${JSON.stringify(args)})`;
          if (!answers.has(id)) answers.set(id, Reflect.apply(value, object, args));
          return answers.get(id);
        };
      if (value && typeof value === "object") return answeringFromMemory(value, answers, name);
      return value;
    },
  });
}

const database = await openDatabase(
  process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL }
    : { dataDir: path.join(process.env.BENCH_DATA_DIR!, "pglite") },
);
const services: Services = answeringFromMemory(
  createServices({ db: database.db, images: createImageStorage(database.db), jwtSecret: BENCH_JWT_SECRET }),
);
const build = (await import(
  pathToFileURL(path.join(PROJECT_ROOT, "build", "server", "index.js")).href
)) as ServerBuild;
const handle = createRequestHandler(build, "production");

const tokenOf = (cookie: string | undefined) => /(?:^|;\s*)token=([^;]+)/.exec(cookie ?? "")?.[1] ?? null;

const server = createServer((req, res) => {
  void (async () => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(key, value);
    const request = new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
      method: req.method,
      headers,
    });
    const account = await services.auth.session(tokenOf(req.headers.cookie));
    const context: AppLoadContext = {
      services,
      user: account?.user ?? null,
      owner: account?.owner ?? null,
      requestId: "render-floor",
      clientIp: "127.0.0.1",
      language: "en",
      suggestHindi: false,
      reportError: (error) => console.error(error),
      reportClientError: (status, reason) => console.warn(status, reason),
      databaseUnavailable: () => false,
      addResponseHeaders: () => {},
      cspNonce: "render-floor-nonce",
      formStamp: services.botCheck.issue(),
      publicAnswer: null,
      session: { signIn: () => "", signOut: () => "", end: async () => "" },
      flash: { message: null, set: async () => "", clear: async () => "" },
    };
    const response = await handle(request, context);
    res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  })().catch((error: unknown) => {
    console.error(error);
    res.writeHead(500).end();
  });
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(typeof address === "object" && address ? address.port : 0);
});
// A clean exit on a signal, so that `node --cpu-prof` writes the floor's profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
