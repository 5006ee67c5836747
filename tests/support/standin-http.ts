// What the WhatsApp and MSG91 stand-ins share: a node:http server on 127.0.0.1 that can be stopped
// and started again on the same port, and the ways a provider misbehaves that a client must tell
// apart: answering 429 or 5xx (nothing was done), never answering, or closing the connection
// after reading the request (the request may have been acted on).
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const HOST = "127.0.0.1";
const MAX_BODY_BYTES = 1_000_000;

/** How the next API request is answered, instead of normally. */
export type Fault =
  | { kind: "status"; status: number; retryAfterSeconds?: number }
  /** The request is taken as usual but its answer never comes (until the stand-in stops). */
  | { kind: "hang" }
  /** The request is taken as usual, then the connection is closed without an answer. */
  | { kind: "close" };

/** Faults queued for the next requests, one request each, in order. */
export function faultQueue() {
  const queued: Fault[] = [];
  return {
    add(fault: Fault, count: number) {
      for (let index = 0; index < count; index += 1) queued.push(fault);
    },
    next(): Fault | undefined {
      return queued.shift();
    },
    clear() {
      queued.length = 0;
    },
  };
}

/** The body as text, or undefined past MAX_BODY_BYTES. */
export async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString("utf8");
}

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * Sends the answer, or withholds it when the request's fault is a hang or a close: whatever the
 * request did (a message taken), it has done; only its answer is lost.
 */
export function reply(response: ServerResponse, normal: Answer, fault?: Fault) {
  if (response.destroyed || fault?.kind === "hang") return;
  if (fault?.kind === "close") {
    response.socket?.destroy();
    return;
  }
  const text = JSON.stringify(normal.body);
  response.writeHead(normal.status, {
    ...normal.headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
  });
  response.end(text);
}

/** The Retry-After header a status fault asks for, if any. */
export function retryAfterHeader(fault: Fault & { kind: "status" }): Record<string, string> {
  return fault.retryAfterSeconds === undefined ? {} : { "Retry-After": String(fault.retryAfterSeconds) };
}

/** Compares in constant time. */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A server on 127.0.0.1 (port 0: a free one) that `stop` closes, connections and all (held
 * answers included), and `start` opens again on the same port.
 */
export async function standInServer(
  name: string,
  port: number,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
) {
  let server: Server | undefined;
  let closed = false;

  async function start() {
    if (server) return;
    if (closed) throw new Error(`The ${name} stand-in was closed`);
    const listening = createServer((request, response) => {
      handle(request, response).catch((error: unknown) => {
        if (response.headersSent || response.destroyed) return;
        const message = error instanceof Error ? error.message : String(error);
        response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        response.end(`The ${name} stand-in failed: ${message}`);
      });
    });
    listening.on("clientError", (_error, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, HOST, () => {
        listening.off("error", reject);
        port = (listening.address() as AddressInfo).port;
        resolve();
      });
    });
    server = listening;
  }

  async function stop() {
    const listening = server;
    if (!listening) return;
    server = undefined;
    await new Promise<void>((resolve) => {
      listening.close(() => resolve());
      listening.closeAllConnections();
    });
  }

  await start();
  return {
    url: `http://${HOST}:${port}`,
    port,
    start,
    stop,
    close: async () => {
      closed = true;
      await stop();
    },
  };
}
