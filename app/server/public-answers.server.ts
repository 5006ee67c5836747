import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { EntryContext } from "@remix-run/node";
import { parse as parseCookies } from "cookie";
import type { RequestHandler, Response } from "express";
import {
  PUBLIC_TOPICS,
  type PublicDataCache,
  type PublicDataHandle,
  type PublicTopic,
} from "~/services/public-data.server";
import { isAdminPath } from "~/utils/redirect";
import { deflatedPart, gzipOf, storedPart, type GzipPart } from "./gzip-parts.server";
import type { StoredAnswerLog } from "./logger.server";
import { nonceOf, newNonce, type SecurityHeaders } from "./security-headers.server";
import { suggestionOf } from "./language.server";
import { FLASH_COOKIE, SESSION_COOKIE } from "./session.server";
import { dependsOnSource } from "~/utils/visit-source";

/**
 * The store of public answers: what an anonymous visitor's GET of a page or of a public /api read
 * answers is rendered once, kept as prepared bytes (brotli, gzip, plain) with an ETag, and sent to
 * the next visitors ahead of Express (see `serve`). A write drops the answers that show the topics
 * it changed (a like drops the course pages, never the blog). Everything personal, every non-GET
 * and the back office is marked `private, no-store` and never kept.
 * See docs/decisions/0017-public-caches-and-the-nonce.md.
 */

/** The values every response has for itself: a stored page holds placeholders where they go. */
type OwnValues = { cspNonce: string; formStamp: string };
const OWN_VALUES = ["cspNonce", "formStamp"] as const satisfies readonly (keyof OwnValues)[];

/** A shareable request on its way through Express: it renders with placeholders, then `keep`s. */
export type PendingAnswer = {
  placeholders: OwnValues;
  /**
   * Keeps the rendered answer when it may be shared (and sets its caching headers either way),
   * and gives back its body for this response, with this response's own values.
   */
  keep(answer: RenderedAnswer): string;
};

type RenderedAnswer = {
  status: number;
  /** The answer's own headers (Content-Type, …), given their caching headers here. */
  headers: Headers;
  body: string;
  /** The public data it shows. */
  topics: readonly PublicTopic[];
};

const PRIVATE = "private, no-store";
/** Anyone may keep a copy but must ask again each time (the ETag makes asking cheap). */
const SHARED = "no-cache";
const VARY = "Accept-Encoding, Accept-Language, Authorization, Cookie";
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** Headers that belong to one response, never to the stored copy. */
const OWN_HEADERS = new Set(["content-length", "content-encoding", "set-cookie", "date", "x-request-id"]);

type Encoding = "br" | "gzip" | "identity";
type HeaderList = string[];

type Entry = {
  /** A page carries a nonce in its policy; an /api answer has the API's fixed headers. */
  kind: "page" | "api";
  topics: readonly PublicTopic[];
  etag: string;
  /** Its own headers (and caching headers), as writeHead's flat list. */
  headers: HeaderList;
  /** The fixed text around the own values: `texts[0]`, `gaps[0]`, `texts[1]`… */
  texts: Buffer[];
  gaps: (keyof OwnValues)[];
  gzipTexts: GzipPart[];
  /** Every encoding, whole, for an answer without own values. */
  whole?: Record<Encoding, Buffer>;
  /** The complete header list per encoding, for an /api answer (the same for everyone). */
  ready: Partial<Record<Encoding, HeaderList>>;
  bytes: number;
};

/**
 * Read with the very parser the session uses: whatever it would take for a session cookie
 * (`token =…` with a space, say) makes the request personal here too.
 */
function carriesSession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  const cookies = parseCookies(cookieHeader);
  return cookies[SESSION_COOKIE] !== undefined || cookies[FLASH_COOKIE] !== undefined;
}

/** May this request be answered from, and stored into, the shared answers? */
function isShareable(req: IncomingMessage): boolean {
  if (req.method !== "GET" || req.headers.authorization) return false;
  if (carriesSession(req.headers.cookie)) return false;
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (isAdminPath(path)) return false;
  // A form page keeps where the visit came from in its hidden fields (issue 40): such an answer is
  // this visitor's alone, and the stored one would lose their source. Asked here, the one gate of
  // both serving and storing, rather than by a loader's Cache-Control: that would stop the storing
  // only, and a stored copy made without a source would still be served to this visit.
  if (dependsOnSource({ url, host: req.headers.host, referer: req.headers.referer })) return false;
  // Client-side navigation data carries the root loader's per-request values; it is cheap anyway.
  return !path.endsWith(".data") && path !== "/__manifest";
}

/**
 * Where an answer is stored: its address, and apart for the visitors an English page suggests
 * Hindi to (the page then shows the suggestion: decision 0047).
 */
const keyOf = (req: IncomingMessage) => {
  const url = req.url ?? "/";
  return suggestionOf(req) ? `${url}\n${SUGGESTS_HINDI}` : url;
};
const SUGGESTS_HINDI = "suggests hi";

const kindOf = (url: string): Entry["kind"] => (url.startsWith("/api/") ? "api" : "page");

/**
 * The topics a rendered page shows: those its matched routes declare in `handle.publicData`. A
 * route with a loader that declares none is taken to show everything (forgetting costs speed).
 */
export function topicsOfPage(context: EntryContext): readonly PublicTopic[] {
  const topics = new Set<PublicTopic>();
  for (const { route } of context.staticHandlerContext.matches) {
    const declared = (context.routeModules[route.id]?.handle as PublicDataHandle | undefined)?.publicData;
    if (declared) for (const topic of declared) topics.add(topic);
    else if (context.manifest.routes[route.id]?.hasLoader) return PUBLIC_TOPICS;
  }
  return [...topics];
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

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.slice(2);
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === bare;
  });
}

/** Splits a rendered body at every placeholder. */
function split(body: Buffer, placeholders: OwnValues) {
  const texts: Buffer[] = [];
  const gaps: (keyof OwnValues)[] = [];
  const markers = OWN_VALUES.map((name) => ({ name, bytes: Buffer.from(placeholders[name]) }));
  let start = 0;
  for (;;) {
    let next: { at: number; marker: (typeof markers)[number] } | undefined;
    for (const marker of markers) {
      const at = body.indexOf(marker.bytes, start);
      if (at !== -1 && (!next || at < next.at)) next = { at, marker };
    }
    if (!next) break;
    texts.push(body.subarray(start, next.at));
    gaps.push(next.marker.name);
    start = next.at + next.marker.bytes.length;
  }
  texts.push(body.subarray(start));
  return { texts, gaps };
}

function compressedWhole(body: Buffer): Record<Encoding, Buffer> {
  return {
    identity: body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  };
}

function createEntry(kind: Entry["kind"], answer: RenderedAnswer, placeholders: OwnValues): Entry {
  const body = Buffer.from(answer.body);
  const { texts, gaps } = split(body, placeholders);
  const gzipTexts = gaps.length === 0 ? [] : texts.map(deflatedPart);
  const whole = gaps.length === 0 ? compressedWhole(body) : undefined;
  const etag = `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers: HeaderList = [];
  for (const [name, value] of answer.headers) if (!OWN_HEADERS.has(name)) headers.push(name, value);
  headers.push("ETag", etag);
  return {
    kind,
    topics: answer.topics,
    etag,
    headers,
    texts,
    gaps,
    gzipTexts,
    whole,
    ready: {},
    bytes:
      body.length +
      gzipTexts.reduce((sum, part) => sum + part.deflated.length, 0) +
      (whole ? whole.gzip.length + whole.br.length : 0),
  };
}

/** The body of one response: the stored text with this response's own values in the gaps. */
function bodyOf(entry: Entry, encoding: Encoding, own: OwnValues): Buffer {
  if (entry.whole) return entry.whole[encoding];
  const values = entry.gaps.map((name) => Buffer.from(own[name]));
  if (encoding === "gzip") {
    const parts: GzipPart[] = [];
    entry.gzipTexts.forEach((text, index) => {
      parts.push(text);
      if (index < values.length) parts.push(storedPart(values[index]!));
    });
    return Buffer.concat(gzipOf(parts));
  }
  const pieces: Buffer[] = [];
  entry.texts.forEach((text, index) => {
    pieces.push(text);
    if (index < values.length) pieces.push(values[index]!);
  });
  return Buffer.concat(pieces);
}

/** Replaces every placeholder of a body sent once with this response's own value. */
function filledIn(body: string, placeholders: OwnValues, own: OwnValues): string {
  let result = body;
  for (const name of OWN_VALUES) result = result.split(placeholders[name]).join(own[name]);
  return result;
}

export function createPublicAnswers({
  publicData,
  security,
  newFormStamp,
  maxBytes = MAX_BYTES,
}: {
  /** Says which topics each write changed, and when. */
  publicData: Pick<PublicDataCache, "generation" | "changedSince" | "onInvalidate">;
  security: SecurityHeaders;
  /** The bot check's signed stamp: a stored form gets one of its own per response. */
  newFormStamp: () => string;
  maxBytes?: number;
}) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const placeholders: OwnValues = {
    // Random per process, so no stored content can contain them by chance or by intent.
    cspNonce: `cspNonce${randomBytes(12).toString("hex")}`,
    formStamp: `formStamp${randomBytes(12).toString("hex")}`,
  };

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const remember = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  };
  publicData.onInvalidate((topics) => {
    for (const [key, entry] of entries) if (entry.topics.some((topic) => topics.includes(topic))) forget(key);
  });

  /** Sends a stored answer and answers its status; `requestId` goes out in X-Request-Id. */
  function send(entry: Entry, req: IncomingMessage, res: ServerResponse, requestId: string): number {
    const idHeader = ["X-Request-Id", requestId];
    if (etagMatches(req.headers["if-none-match"], entry.etag)) {
      // The browser keeps the body it has, whose nonce matches the policy it stored with it; a
      // new policy here would replace that one and block the stored page's scripts.
      const common = Object.entries(security.common).flat();
      res.writeHead(304, [...common, ...entry.headers, ...idHeader]);
      res.end();
      return 304;
    }
    const encoding = encodingFor(entry, req.headers["accept-encoding"]);
    const encodingHeader = encoding === "identity" ? [] : ["Content-Encoding", encoding];
    if (entry.kind === "api" && entry.whole) {
      const body = entry.whole[encoding];
      const headers = (entry.ready[encoding] ??= [
        ...security.apiList,
        ...entry.headers,
        ...encodingHeader,
        "Content-Length",
        String(body.length),
      ]);
      res.writeHead(200, headers.concat(idHeader));
      res.end(body);
      return 200;
    }
    const own = {
      cspNonce: newNonce(),
      formStamp: entry.gaps.includes("formStamp") ? newFormStamp() : "",
    };
    const body = bodyOf(entry, encoding, own);
    res.writeHead(200, [
      ...security.pageList(own.cspNonce),
      ...entry.headers,
      ...encodingHeader,
      "Content-Length",
      String(body.length),
      ...idHeader,
    ]);
    res.end(body);
    return 200;
  }

  function pending(req: IncomingMessage, res: Response): PendingAnswer {
    const key = keyOf(req);
    const kind = kindOf(key);
    const startedAt = publicData.generation;
    return {
      placeholders,
      keep(answer) {
        const own = { cspNonce: nonceOf(res), formStamp: newFormStamp() };
        const cacheControl = answer.headers.get("Cache-Control") ?? "";
        const storable =
          answer.status === 200 &&
          !answer.headers.has("Set-Cookie") &&
          answer.headers.has("Content-Type") &&
          !/no-store|private/.test(cacheControl) &&
          answer.body.length > 0 &&
          Buffer.byteLength(answer.body) <= MAX_ENTRY_BYTES &&
          // A write during the render may or may not be in it: sent this once, kept never.
          !publicData.changedSince(startedAt, answer.topics);
        if (!storable) {
          if (!cacheControl) answer.headers.set("Cache-Control", PRIVATE);
          return filledIn(answer.body, placeholders, own);
        }
        answer.headers.set("Cache-Control", SHARED);
        answer.headers.set("Vary", VARY);
        const entry = createEntry(kind, answer, placeholders);
        answer.headers.set("ETag", entry.etag);
        remember(key, entry);
        return filledIn(answer.body, placeholders, own);
      },
    };
  }

  return {
    /**
     * Answers a request from a stored copy, before Express sees it: Express's own work per
     * request (prototype swaps, the router walking every layer) costs several times what sending
     * prepared bytes does. False when there is none (the request then takes the full path).
     */
    serve(req: IncomingMessage, res: ServerResponse, log: StoredAnswerLog): boolean {
      if (!isShareable(req)) return false;
      const key = keyOf(req);
      const entry = entries.get(key);
      if (!entry) return false;
      // Most recently used last, so eviction takes the least recently used.
      entries.delete(key);
      entries.set(key, entry);
      const startedAt = Date.now();
      const id = log.idOf(req);
      log.sent(req, id, send(entry, req, res, id), startedAt);
      return true;
    },

    /**
     * In the Express stack, before the routes: every answer is marked `private, no-store` until
     * `keep` says otherwise, and a shareable request gets its `PendingAnswer` in
     * `res.locals.publicAnswer`.
     */
    mark: ((req, res, next) => {
      // Whatever is not kept is private; `keep` says otherwise for what it keeps.
      res.setHeader("Cache-Control", PRIVATE);
      if (isShareable(req)) res.locals.publicAnswer = pending(req, res);
      next();
    }) satisfies RequestHandler,
  };
}

/** The pending answer `mark` gave this request, if it may be shared. */
export function pendingAnswerOf(res: Response): PendingAnswer | undefined {
  return (res.locals as { publicAnswer?: PendingAnswer }).publicAnswer;
}
