import { createHash, randomBytes, randomFillSync } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { parse as parseCookies } from "cookie";
import type { Request, RequestHandler, Response } from "express";
import { isAdminPath } from "~/utils/redirect";
import { FLASH_COOKIE, SESSION_COOKIE } from "./session.server";
import { deflatedPart, gzipOf, storedPart, type GzipPart } from "./gzip-parts.server";
import type { StoredAnswerLog } from "./logger.server";

/**
 * Stored answers for anonymous visitors: pages and public /api reads, rendered once per
 * generation of the public data and then served as prepared bytes (gzip, brotli or plain) with
 * an ETag. Everything personal, every non-GET and the back office is marked `private, no-store`
 * and never stored. See docs/decisions/0017-public-caches-and-the-nonce.md.
 */

/**
 * A value every response must have for itself (the CSP nonce), never the one of a stored copy.
 * A stored page holds a placeholder where the value goes, filled in per response.
 */
export type PerResponseValue = {
  /** Random per process, so no stored content can contain it by chance or by intent. */
  placeholder: string;
  create(): string;
  /** The value the middleware before this one chose for the response, if any. */
  current(res: Response): string | undefined;
  /** Makes the renderer print `value` for this response. */
  renderWith(res: Response, value: string): void;
};

// Random bytes drawn 1,024 nonces at a time: one call to the system's generator per request
// costs more than everything else a stored page needs.
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 1024);
let nonceOffset = noncePool.length;

function newNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString("base64", nonceOffset - NONCE_BYTES, nonceOffset);
}

/** A value kept in `res.locals[local]` for the renderer, made by `create` for each response. */
export function perResponseValue(local: string, create: () => string): PerResponseValue {
  const locals = (res: Response) => res.locals as Record<string, string | undefined>;
  return {
    placeholder: `${local}${randomBytes(12).toString("hex")}`,
    create,
    current: (res) => locals(res)[local],
    renderWith: (res, value) => void (locals(res)[local] = value),
  };
}

/** The nonce Remix prints on its inline scripts and the CSP header names. */
export const CSP_NONCE = perResponseValue("cspNonce", newNonce);

/** This response's value: the one already chosen, or a new one kept for the rest of the request. */
export function valueFor(value: PerResponseValue, res: Response): string {
  const chosen = value.current(res) ?? value.create();
  value.renderWith(res, chosen);
  return chosen;
}

const PRIVATE = "private, no-store";
/** Anyone may keep a copy but must ask again each time (the ETag makes asking cheap). */
const SHARED = "no-cache";
const VARY = "Accept-Encoding, Authorization, Cookie";

const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;

type Entry = {
  generation: number;
  /** The stored answer's headers as the whole middleware stack set them, per-response values as placeholders. */
  headers: Array<[string, string | string[]]>;
  etag: string;
  /** The fixed text around the per-response values: `texts[i]`, `values[i]`, `texts[i + 1]`... */
  texts: Buffer[];
  values: PerResponseValue[];
  gzipTexts: GzipPart[];
  /** Whole encodings, ready to send, for an answer without per-response values. */
  whole?: Record<Encoding, Buffer>;
  /** Whether a stored header holds a per-response value (the CSP header names the nonce). */
  headersVary: boolean;
  /** Headers (as writeHead's flat list) and body per encoding, built on first use, for answers the same for everyone. */
  ready: Partial<Record<Encoding, { headers: HeaderList; body: Buffer }>>;
  bytes: number;
};

/** Headers that belong to one response, never to the stored copy. */
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "x-request-id",
  "set-cookie",
  "cache-control",
  "vary",
]);

/**
 * Read with the very parser the session uses: whatever it would take for a session cookie
 * (`token =…` with a space, say) makes the request personal here too.
 */
function carriesSession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  const cookies = parseCookies(cookieHeader);
  return cookies[SESSION_COOKIE] !== undefined || cookies[FLASH_COOKIE] !== undefined;
}

/** May this request be answered from, and stored into, the shared copies? */
function isShareable(req: IncomingMessage): boolean {
  if (req.method !== "GET" || req.headers.authorization) return false;
  if (carriesSession(req.headers.cookie)) return false;
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (isAdminPath(path)) return false;
  // Client-side navigation data carries the root loader's per-request values; it is cheap anyway.
  return !path.endsWith(".data") && path !== "/__manifest";
}

function acceptedEncodings(header: string | undefined) {
  const accepted = { br: false, gzip: false };
  for (const item of header?.split(",") ?? []) {
    const [name = "", ...parameters] = item.split(";").map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    if (quality && Number(quality.slice(2)) === 0) continue;
    if (name === "br" || name === "*") accepted.br = true;
    if (name === "gzip" || name === "x-gzip" || name === "*") accepted.gzip = true;
  }
  return accepted;
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.slice(2);
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === bare;
  });
}

/** Splits the rendered body at every placeholder. */
function template(body: Buffer, values: readonly PerResponseValue[]) {
  const texts: Buffer[] = [];
  const found: PerResponseValue[] = [];
  const markers = values.map((value) => ({ value, bytes: Buffer.from(value.placeholder) }));
  let start = 0;
  for (;;) {
    let next: { at: number; marker: (typeof markers)[number] } | undefined;
    for (const marker of markers) {
      const at = body.indexOf(marker.bytes, start);
      if (at !== -1 && (!next || at < next.at)) next = { at, marker };
    }
    if (!next) break;
    texts.push(body.subarray(start, next.at));
    found.push(next.marker.value);
    start = next.at + next.marker.bytes.length;
  }
  texts.push(body.subarray(start));
  return { texts, values: found };
}

function createEntry(
  body: Buffer,
  headers: Entry["headers"],
  generation: number,
  values: readonly PerResponseValue[],
) {
  const { texts, values: found } = template(body, values);
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const gzipTexts = texts.map(deflatedPart);
  const whole =
    found.length === 0
      ? {
          identity: body,
          gzip: gzipSync(body, { level: 9 }),
          br: brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        }
      : undefined;
  const bytes =
    body.length +
    gzipTexts.reduce((sum, part) => sum + part.deflated.length, 0) +
    (whole ? whole.gzip.length + whole.br.length : 0);
  const headersVary = headers.some(([, value]) =>
    values.some((perResponse) => String(value).includes(perResponse.placeholder)),
  );
  return {
    generation,
    headers,
    etag,
    texts,
    values: found,
    gzipTexts,
    whole,
    headersVary,
    ready: {},
    bytes,
  } satisfies Entry;
}

/** The response's own text for a stored text: every placeholder replaced by its value. */
function filled(text: string, values: readonly PerResponseValue[], own: readonly string[]): string {
  let result = text;
  values.forEach((value, index) => {
    if (result.includes(value.placeholder)) result = result.split(value.placeholder).join(own[index]);
  });
  return result;
}

/**
 * Stored answers are sent on a bare node response too: they are served ahead of Express (see
 * `serveStored`), whose own work per request costs more than sending them.
 */
type Encoding = "br" | "gzip" | "identity";

/** Browsers send few distinct Accept-Encoding values: parse each once. */
const negotiated = new Map<string, { br: boolean; gzip: boolean }>();
function encodingFor(entry: Entry, header: string | undefined): Encoding {
  const key = header ?? "";
  let accepted = negotiated.get(key);
  if (!accepted) {
    accepted = acceptedEncodings(header);
    if (negotiated.size < 256) negotiated.set(key, accepted);
  }
  if (accepted.br && entry.whole) return "br";
  return accepted.gzip ? "gzip" : "identity";
}

type HeaderList = Array<string | string[]>;

/**
 * Headers as writeHead's flat list `[name, value, name, value…]`. Sent by writeHead alone (no
 * setHeader before it), Node writes them out at once instead of validating and storing each.
 */
const listOf = (headers: Record<string, string | string[]>): HeaderList => Object.entries(headers).flat();

/** The values a stored answer has for itself, made only when the answer holds any. */
type OwnValues = () => readonly string[];
const NO_VALUES: readonly string[] = [];

/** The headers of a stored answer in one object, as writeHead takes them (cheaper than setHeader each). */
function headersOf(entry: Entry, perResponse: readonly PerResponseValue[], own: readonly string[]) {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of entry.headers)
    headers[name] = Array.isArray(value)
      ? value.map((item) => filled(item, perResponse, own))
      : filled(value, perResponse, own);
  headers["cache-control"] = SHARED;
  headers.vary = VARY;
  headers.etag = entry.etag;
  return headers;
}

/**
 * Sends a stored answer and answers its status. `requestId`, when given, goes out in
 * X-Request-Id with the other headers (the path ahead of Express, where nothing set it before).
 */
function send(
  entry: Entry,
  req: IncomingMessage,
  res: ServerResponse,
  perResponse: readonly PerResponseValue[],
  ownValues: OwnValues,
  requestId?: string,
): number {
  const idHeader = requestId === undefined ? [] : ["x-request-id", requestId];
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    const headers = headersOf(entry, perResponse, entry.headersVary ? ownValues() : NO_VALUES);
    // The browser keeps the body it has, whose nonce matches the policy it stored with it; a
    // new policy here would replace that one and block the stored page's scripts.
    res.removeHeader("Content-Security-Policy");
    delete headers["content-security-policy"];
    res.writeHead(304, listOf(headers).concat(idHeader));
    res.end();
    return 304;
  }
  const encoding = encodingFor(entry, req.headers["accept-encoding"]);
  if (entry.whole && !entry.headersVary) {
    // The same for everyone: no per-response value is made (no nonce, no signed form stamp).
    const ready = (entry.ready[encoding] ??= {
      headers: listOf({
        ...headersOf(entry, perResponse, NO_VALUES),
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        "content-length": String(entry.whole[encoding].length),
      }),
      body: entry.whole[encoding],
    });
    res.writeHead(200, requestId === undefined ? ready.headers : ready.headers.concat(idHeader));
    res.end(ready.body);
    return 200;
  }
  const own = ownValues();
  let body: Buffer[];
  if (entry.whole) {
    body = [entry.whole[encoding]];
  } else {
    const values = entry.values.map((value) => Buffer.from(own[perResponse.indexOf(value)]!));
    body = [];
    if (encoding === "gzip") {
      const parts: GzipPart[] = [];
      entry.gzipTexts.forEach((text, index) => {
        parts.push(text);
        if (index < values.length) parts.push(storedPart(values[index]!));
      });
      body = gzipOf(parts);
    } else {
      entry.texts.forEach((text, index) => {
        body.push(text);
        if (index < values.length) body.push(values[index]!);
      });
    }
  }
  const payload = Buffer.concat(body);
  const headers = headersOf(entry, perResponse, own);
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  headers["content-length"] = String(payload.length);
  res.writeHead(200, listOf(headers).concat(idHeader));
  res.end(payload);
  return 200;
}

/** Holds back what the route writes, so it can be stored before it is sent. */
function captureBody(res: Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  // The methods in place now (compression's, say), put back when the route ends its answer. They
  // are bound to `res`, the object they are always called on.
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const keep = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    chunks.push(
      Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array),
    );
  };
  res.write = function (chunk: unknown, encoding?: unknown, callback?: unknown) {
    keep(chunk, encoding);
    const after = typeof encoding === "function" ? encoding : callback;
    if (typeof after === "function") process.nextTick(after);
    return true;
  } as typeof res.write;
  res.end = function (chunk?: unknown, encoding?: unknown) {
    keep(chunk, encoding);
    res.write = write;
    res.end = end;
    done(Buffer.concat(chunks));
    return res;
  } as typeof res.end;
}

function storable(res: Response, body: Buffer): boolean {
  const cacheControl = String(res.getHeader("Cache-Control") ?? "");
  return (
    // A page rendered for somebody (signed in, or with a message for them) is theirs alone,
    // whatever the request looked like to isShareable.
    !res.locals.user &&
    !res.locals.flash &&
    res.statusCode === 200 &&
    !res.hasHeader("Set-Cookie") &&
    res.hasHeader("Content-Type") &&
    !/no-store|private/.test(cacheControl) &&
    body.length > 0 &&
    body.length <= MAX_ENTRY_BYTES
  );
}

/** Replaces every placeholder of a body that is sent once (not stored) with its real value. */
function filledIn(body: Buffer, values: readonly PerResponseValue[], own: readonly string[]): Buffer {
  let result = body;
  for (const [index, value] of values.entries()) {
    const marker = Buffer.from(value.placeholder);
    if (result.indexOf(marker) === -1) continue;
    const pieces: Buffer[] = [];
    const real = Buffer.from(own[index]!);
    let start = 0;
    for (let at = result.indexOf(marker); at !== -1; at = result.indexOf(marker, start)) {
      pieces.push(result.subarray(start, at), real);
      start = at + marker.length;
    }
    pieces.push(result.subarray(start));
    result = Buffer.concat(pieces);
  }
  return result;
}

export type ResponseCacheOptions = {
  /** The public data's generation: it changes on every write, and older copies are dropped. */
  generation: () => number;
  perResponse: readonly PerResponseValue[];
  maxBytes?: number;
};

/** Stored headers: the real per-response values turned back into their placeholders. */
function storedHeaders(res: Response, perResponse: readonly PerResponseValue[], own: readonly string[]) {
  const generic = (text: string) =>
    perResponse.reduce((result, value, index) => result.split(own[index]!).join(value.placeholder), text);
  const headers: Entry["headers"] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (OWN_HEADERS.has(name) || value === undefined) continue;
    headers.push([name, Array.isArray(value) ? value.map(generic) : generic(String(value))]);
  }
  return headers;
}

export type ResponseCache = ReturnType<typeof responseCache>;

export function responseCache({ generation, perResponse, maxBytes = MAX_BYTES }: ResponseCacheOptions) {
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | null>>();
  let bytes = 0;

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const keep = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };
  const fresh = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.generation !== generation()) {
      forget(key);
      return undefined;
    }
    // Most recently used last, so eviction takes the least recently used.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  function render(key: string, req: Request, res: Response, next: () => void) {
    const startedAt = generation();
    const own = perResponse.map((value) => valueFor(value, res));
    perResponse.forEach((value) => value.renderWith(res, value.placeholder));
    let settle: (entry: Entry | null) => void = () => {};
    const promise = new Promise<Entry | null>((resolve) => (settle = resolve));
    rendering.set(key, promise);
    const finish = (entry: Entry | null) => {
      if (rendering.get(key) === promise) rendering.delete(key);
      settle(entry);
    };
    res.once("close", () => finish(null));
    captureBody(res, (body) => {
      perResponse.forEach((value, index) => value.renderWith(res, own[index]!));
      if (storable(res, body)) {
        const entry = createEntry(body, storedHeaders(res, perResponse, own), startedAt, perResponse);
        // A write during the render may or may not be in it: serve it this once, keep it never.
        if (startedAt === generation()) keep(key, entry);
        finish(entry);
        send(entry, req, res, perResponse, () => own);
        return;
      }
      finish(null);
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", PRIVATE);
      res.removeHeader("Content-Length");
      res.end(filledIn(body, perResponse, own));
    });
    next();
  }

  return {
    /**
     * Mounted after the middleware that sets headers and before the routes: marks what must not
     * be shared `private, no-store`, and renders, stores and sends what may.
     */
    store: ((req, res, next) => {
      if (!isShareable(req)) {
        res.setHeader("Cache-Control", PRIVATE);
        return next();
      }
      const key = req.originalUrl;
      const own = () => perResponse.map((value) => valueFor(value, res));
      const entry = fresh(key);
      if (entry) return void send(entry, req, res, perResponse, own);
      const pending = rendering.get(key);
      if (!pending) return render(key, req, res, next);
      // Another request is rendering this answer: share its result rather than render it twice.
      pending.then(
        (rendered) => (rendered ? send(rendered, req, res, perResponse, own) : render(key, req, res, next)),
        next,
      );
    }) satisfies RequestHandler,

    /**
     * Answers a request from a stored copy ahead of Express, replaying the headers the whole
     * stack gave that copy; false when there is none (the request then takes the full path).
     */
    serveStored(req: IncomingMessage, res: ServerResponse, log: StoredAnswerLog): boolean {
      if (!isShareable(req)) return false;
      const entry = fresh(req.url ?? "/");
      if (!entry) return false;
      const startedAt = Date.now();
      const id = log.idOf(req);
      const status = send(entry, req, res, perResponse, () => perResponse.map((value) => value.create()), id);
      log.sent(req, id, status, startedAt);
      return true;
    },
  };
}
