import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import { isAdmin } from "~/domain/access";
import { MAX_CV_BYTES, MAX_FORM_FIELD_BYTES, MAX_IMAGE_BYTES } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import type { SessionUser } from "~/services/auth.server";
import {
  AppError,
  badRequest,
  forbidden,
  isAppError,
  payloadTooLarge,
  unauthorized,
} from "~/services/errors";
import { IMAGE_ERRORS } from "~/services/image-storage.server";
import type { Services } from "~/services/index.server";
import { respondToUnhandledError } from "~/server/errors.server";
import { handleAsync } from "~/server/handle-async.server";
import { pdfDownloadHeaders } from "~/utils/download.server";
import { readMultipart, type MultipartField } from "~/utils/multipart.server";
import { pendingAnswerOf } from "~/server/public-answers.server";
import { buildOpenApiDocument, DOCUMENT_OPERATION, webhookOperation } from "./openapi.server";
import { RAZORPAY_WEBHOOK_DOC, RAZORPAY_WEBHOOK_PATH, razorpayWebhook } from "./razorpay-webhook.server";
import {
  mountWhatsAppWebhook,
  WHATSAPP_WEBHOOK_DOC,
  WHATSAPP_WEBHOOK_PATH,
  type WhatsAppWebhookSecrets,
} from "./whatsapp-webhook.server";
import { API_ROUTES, type Access, type ApiRoute, type FileAnswer } from "./routes.server";

const BODY_LIMIT = "100kb";

export const API_ERRORS = {
  sessionInvalid: "Your session has expired. Please log in again.",
  invalidJson: "The request body is not valid JSON.",
  bodyTooLarge: "The request is too large.",
  unexpectedFile: 'Send at most one file, as the field "image".',
  unexpectedCv: 'Send at most one file, as the field "cv".',
  jsonOnly: "Please send the body as JSON (Content-Type: application/json).",
  jsonOrMultipart: "Please send the body as JSON or as multipart/form-data.",
  compressed: "Please send the body uncompressed.",
  methodNotAllowed: "This address does not take that method. The Allow header lists the ones it takes.",
} as const;

const JSON_TYPES = ["application/json", "application/*+json"];
const UPLOAD_TYPES = [...JSON_TYPES, "multipart/form-data"];

/** Whether the request carries a body at all (a POST with Content-Length: 0 does not). */
function hasBody(req: Request): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * The API reads JSON (and multipart on the routes that take an image) and says so for anything
 * else, rather than reading the fields as missing. An HTML form on another site can only send
 * form encodings, so it cannot post to the API through a visitor's browser either.
 */
function acceptsBodyOf(route: ApiRoute): RequestHandler {
  const types = route.upload ? UPLOAD_TYPES : JSON_TYPES;
  const message = route.upload ? API_ERRORS.jsonOrMultipart : API_ERRORS.jsonOnly;
  return (req, _res, next) => {
    if (!hasBody(req) || req.is(types)) return next();
    next(new AppError(415, message));
  };
}

/** A known path asked with a method it does not have: 405 naming the ones it has (OPTIONS: 204). */
function otherMethods(methods: readonly string[]): RequestHandler {
  const allow = [...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return (req, res) => {
    res.set("Allow", allow);
    if (req.method === "OPTIONS") return void res.status(204).end();
    res.status(405).json({ message: API_ERRORS.methodNotAllowed });
  };
}

type Locals = {
  user: SessionUser | null;
  bearerRejected: boolean;
  /** The file of a multipart upload, by uploadParser. */
  upload?: { fileName: string; bytes: Uint8Array };
};

function bearerToken(req: Request): string | undefined {
  const header = req.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** A missing token is anonymous; a bad one is anonymous too, but remembered for the 401 text. */
function authenticate(services: Services): RequestHandler {
  return handleAsync(async (req, res, next) => {
    const token = bearerToken(req);
    const user = token ? await services.auth.authenticate(token) : null;
    res.locals.user = user;
    res.locals.bearerRejected = Boolean(token) && !user;
    next();
  });
}

/** One guard per access level: 401 without a valid session, 403 for a non-ADMIN on ADMIN calls. */
const ACCESS_GUARDS: Record<Access, RequestHandler> = {
  public: (_req, _res, next) => next(),
  user: (_req, res, next) => {
    const { user, bearerRejected } = res.locals as Locals;
    if (!user)
      return next(unauthorized(bearerRejected ? API_ERRORS.sessionInvalid : MESSAGES.auth.signInRequired));
    next();
  },
  admin: (req, res, next) =>
    ACCESS_GUARDS.user(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!isAdmin((res.locals as Locals).user)) return next(forbidden(MESSAGES.auth.forbidden));
      next();
    }),
};

function rateLimited(services: Services, route: ApiRoute): RequestHandler {
  return (req, _res, next) => {
    if (!route.rateLimit) return next();
    services.rateLimiter.consume(route.rateLimit, req.ip ?? "unknown").then(
      () => next(),
      (error: unknown) => next(error),
    );
  };
}

/**
 * What each upload takes: one file in its field, up to its size, and at most 20 text fields of
 * MAX_FORM_FIELD_BYTES in 25 parts. The +1s are how multer, which read these bodies before
 * (decision 0045), handed the limits to busboy: a file or field of exactly the limit is taken,
 * one byte more is refused.
 */
const UPLOADS = {
  image: {
    field: "image",
    maxBytes: MAX_IMAGE_BYTES,
    tooLarge: () => payloadTooLarge(IMAGE_ERRORS.tooLarge, { image: [IMAGE_ERRORS.tooLarge] }),
    unexpectedFile: API_ERRORS.unexpectedFile,
  },
  cv: {
    field: "cv",
    maxBytes: MAX_CV_BYTES,
    tooLarge: () => {
      const message = MESSAGES.teacher.cvTooLarge(MAX_CV_BYTES / 1024 / 1024);
      return payloadTooLarge(message, { cv: [message] });
    },
    unexpectedFile: API_ERRORS.unexpectedCv,
  },
} as const;

/** The fields of a multipart body as the route's schema reads them: a name sent twice is a list. */
function bodyOfFields(fields: readonly MultipartField[]): Record<string, string | string[]> {
  const body: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  for (const { name, value } of fields) {
    const earlier = body[name];
    body[name] = earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value];
  }
  return body;
}

/**
 * Reads a route's multipart body (the same reader as the page forms, app/utils/multipart.server.ts)
 * into `req.body` and its one file into `res.locals.upload`; a JSON body went through `parseJson`.
 * A body that is not readable multipart is 400; a file elsewhere than the route's field, or a
 * second one, 400; too many fields or parts, or a field over its limit, 400/413 "too large"; the
 * file over its limit 413 beside its field.
 */
function uploadParser(kind: NonNullable<ApiRoute["upload"]>): RequestHandler {
  const upload = UPLOADS[kind];
  return handleAsync(async (req, res, next) => {
    if (!req.is("multipart/form-data")) return next();
    const { fields, files, overLimit } = await readMultipart(req.headers, req, {
      fieldBytes: MAX_FORM_FIELD_BYTES + 1,
      fileBytes: upload.maxBytes + 1,
      files: 1,
      fields: 20,
      parts: 26,
    });
    if (overLimit === "files" || files.some((file) => file.field !== upload.field))
      throw badRequest(upload.unexpectedFile);
    if (overLimit) throw badRequest(API_ERRORS.bodyTooLarge);
    if (fields.some((field) => field.truncated)) throw new AppError(413, API_ERRORS.bodyTooLarge);
    const [file] = files;
    if (file?.truncated) throw upload.tooLarge();
    req.body = bodyOfFields(fields);
    (res.locals as Locals).upload = file && { fileName: file.fileName, bytes: file.bytes };
    next();
  });
}

/**
 * A call that takes a body checks its type and reads it (JSON, or multipart where a file may come);
 * a call that takes none reads none, so a body sent to it anyway is ignored, as the document says.
 */
function bodyReaders(route: ApiRoute, parseJson: RequestHandler): RequestHandler[] {
  if (!route.body) return [];
  return [acceptsBodyOf(route), parseJson, ...(route.upload ? [uploadParser(route.upload)] : [])];
}

function handler(services: Services, route: ApiRoute): RequestHandler {
  return handleAsync(async (req, res: Response) => {
    const file = (res.locals as Locals).upload;
    const result = await route.handle({
      services,
      user: (res.locals as Locals).user,
      params: req.params,
      query: req.query,
      body: req.body,
      image: file && route.upload === "image" ? file.bytes : undefined,
      cv: file && route.upload === "cv" ? file : undefined,
    });
    if (route.download) {
      const { fileName, content, sizeBytes } = result as FileAnswer;
      return void res.status(200).set(pdfDownloadHeaders(fileName, sizeBytes)).send(content);
    }
    const status = route.status ?? 200;
    if (status === 204) return void res.status(204).end();
    const topics = route.publicData;
    const shared = topics && pendingAnswerOf(res);
    if (!shared) return void res.status(status).json(result);
    const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
    const body = shared.keep({ status, headers, body: JSON.stringify(result), topics });
    res.status(status).set(Object.fromEntries(headers)).send(body);
  });
}

/** Body-parser failures become the API's ordinary error answers (the upload parser throws its own). */
function translateParsingError(error: unknown): unknown {
  const type = (error as { type?: string } | null)?.type;
  if (type === "entity.parse.failed") return badRequest(API_ERRORS.invalidJson);
  if (type === "entity.too.large") return new AppError(413, API_ERRORS.bodyTooLarge);
  if (type === "encoding.unsupported") return new AppError(415, API_ERRORS.compressed);
  if (type === "charset.unsupported") return new AppError(415, "Please send the body as UTF-8.");
  return error;
}

const apiErrorHandler: ErrorRequestHandler = (rawError, req, res, _next) => {
  const error = translateParsingError(rawError);
  if (isAppError(error)) {
    if (error.headers) res.set(error.headers);
    res
      .status(error.status)
      .json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    return;
  }
  respondToUnhandledError(error, req, res, (status, message) => res.status(status).json({ message }));
};

/** /api/openapi.json as this site serves it: `publicUrl` (PUBLIC_URL) names the server. */
export function openApiDocument(publicUrl: string) {
  return buildOpenApiDocument(
    API_ROUTES,
    {
      "/openapi.json": { get: DOCUMENT_OPERATION },
      [RAZORPAY_WEBHOOK_PATH]: { post: webhookOperation(RAZORPAY_WEBHOOK_DOC.post) },
      [WHATSAPP_WEBHOOK_PATH]: {
        get: { ...WHATSAPP_WEBHOOK_DOC.get },
        post: { ...WHATSAPP_WEBHOOK_DOC.post },
      },
    },
    { publicUrl },
  );
}

/** The JSON API of spec section 7, mounted at /api. */
export function createApiRouter(
  services: Services,
  { publicUrl, whatsapp = null }: { publicUrl: string; whatsapp?: WhatsAppWebhookSecrets },
) {
  const router = express.Router();
  // No client of ours compresses a body: one is refused (415) rather than inflated.
  const parseJson = express.json({ limit: BODY_LIMIT, type: JSON_TYPES, inflate: false });
  const openApi = openApiDocument(publicUrl);

  router.get("/openapi.json", (_req, res) => res.json(openApi));
  // Called by Razorpay with its own signature, no bearer token: before authentication and JSON parsing.
  router.post(RAZORPAY_WEBHOOK_PATH, ...razorpayWebhook(services));
  // Meta's calls: its verify token and its signature, no bearer token (issue 39).
  mountWhatsAppWebhook(router, services, whatsapp);
  router.use(authenticate(services));

  const methodsOfPath = new Map<string, string[]>([
    ["/openapi.json", ["GET"]],
    [RAZORPAY_WEBHOOK_PATH, ["POST"]],
    [WHATSAPP_WEBHOOK_PATH, ["GET", "POST"]],
  ]);
  for (const route of API_ROUTES) {
    router[route.method](
      route.path,
      rateLimited(services, route),
      ACCESS_GUARDS[route.access],
      ...bodyReaders(route, parseJson),
      handler(services, route),
    );
    methodsOfPath.set(route.path, [...(methodsOfPath.get(route.path) ?? []), route.method.toUpperCase()]);
  }
  for (const [path, methods] of methodsOfPath) router.all(path, otherMethods(methods));

  router.use((_req, res) => {
    res.status(404).json({ message: MESSAGES.generic.notFound });
  });
  router.use(apiErrorHandler);
  return router;
}
