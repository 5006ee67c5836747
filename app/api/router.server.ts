import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import multer from "multer";
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
import { pendingAnswerOf } from "~/server/public-answers.server";
import { buildOpenApiDocument, DOCUMENT_OPERATION, webhookOperation } from "./openapi.server";
import { RAZORPAY_WEBHOOK_DOC, RAZORPAY_WEBHOOK_PATH, razorpayWebhook } from "./razorpay-webhook.server";
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

type Locals = { user: SessionUser | null; bearerRejected: boolean };

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

const uploadLimits = { files: 1, fields: 20, fieldSize: MAX_FORM_FIELD_BYTES, parts: 25 };
const imageUpload = multer({
  storage: multer.memoryStorage(),
  limits: { ...uploadLimits, fileSize: MAX_IMAGE_BYTES },
}).single("image");
/**
 * A teacher's CV: one file up to MAX_CV_BYTES (the service checks that it is a PDF). File names
 * are read as UTF-8, as browsers and fetch send them, so "Priyā's CV.pdf" stays itself.
 */
const cvUpload = multer({
  storage: multer.memoryStorage(),
  limits: { ...uploadLimits, fileSize: MAX_CV_BYTES },
  defParamCharset: "utf8",
}).single("cv");

/** The multer middleware of a route's upload, its file's own "too large" and "wrong field" answers. */
function uploadParser(kind: NonNullable<ApiRoute["upload"]>): RequestHandler {
  const parse = kind === "cv" ? cvUpload : imageUpload;
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (!(error instanceof multer.MulterError)) return next(error);
      if (error.code === "LIMIT_FILE_SIZE" && kind === "cv") {
        const message = MESSAGES.teacher.cvTooLarge(MAX_CV_BYTES / 1024 / 1024);
        return next(payloadTooLarge(message, { cv: [message] }));
      }
      if ((error.code === "LIMIT_UNEXPECTED_FILE" || error.code === "LIMIT_FILE_COUNT") && kind === "cv")
        return next(badRequest(API_ERRORS.unexpectedCv));
      next(error);
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
    const file = req.file;
    const result = await route.handle({
      services,
      user: (res.locals as Locals).user,
      params: req.params,
      query: req.query,
      body: req.body,
      image: file && route.upload === "image" ? new Uint8Array(file.buffer) : undefined,
      cv:
        file && route.upload === "cv"
          ? { fileName: file.originalname, bytes: new Uint8Array(file.buffer) }
          : undefined,
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

/** Body-parser and multer failures become the API's ordinary error answers. */
function translateParsingError(error: unknown): unknown {
  if (error instanceof multer.MulterError) {
    if (error.code === "LIMIT_FILE_SIZE")
      return payloadTooLarge(IMAGE_ERRORS.tooLarge, { image: [IMAGE_ERRORS.tooLarge] });
    if (error.code === "LIMIT_UNEXPECTED_FILE" || error.code === "LIMIT_FILE_COUNT")
      return badRequest(API_ERRORS.unexpectedFile);
    return new AppError(error.code === "LIMIT_FIELD_VALUE" ? 413 : 400, API_ERRORS.bodyTooLarge);
  }
  const type = (error as { type?: string } | null)?.type;
  if (type === "entity.parse.failed") return badRequest(API_ERRORS.invalidJson);
  if (type === "entity.too.large") return new AppError(413, API_ERRORS.bodyTooLarge);
  if (type === "encoding.unsupported") return new AppError(415, API_ERRORS.compressed);
  if (type === "charset.unsupported") return new AppError(415, "Please send the body as UTF-8.");
  if (
    error instanceof Error &&
    /Unexpected end of form|Malformed part header|Multipart: Boundary not found/i.test(error.message)
  ) {
    return badRequest("The upload was incomplete or malformed. Please try again.");
  }
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
    },
    { publicUrl },
  );
}

/** The JSON API of spec section 7, mounted at /api. */
export function createApiRouter(services: Services, { publicUrl }: { publicUrl: string }) {
  const router = express.Router();
  // No client of ours compresses a body: one is refused (415) rather than inflated.
  const parseJson = express.json({ limit: BODY_LIMIT, type: JSON_TYPES, inflate: false });
  const openApi = openApiDocument(publicUrl);

  router.get("/openapi.json", (_req, res) => res.json(openApi));
  // Called by Razorpay with its own signature, no bearer token: before authentication and JSON parsing.
  router.post(RAZORPAY_WEBHOOK_PATH, ...razorpayWebhook(services));
  router.use(authenticate(services));

  const methodsOfPath = new Map<string, string[]>([
    ["/openapi.json", ["GET"]],
    [RAZORPAY_WEBHOOK_PATH, ["POST"]],
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
