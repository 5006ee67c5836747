import { z } from "zod";
import { SCHOOL } from "~/domain/brand";
import { MAX_CV_BYTES, MAX_IMAGE_BYTES } from "~/domain/limits";
import { errorAnswer } from "./schemas.server";
import type { ApiRoute } from "./routes.server";

/**
 * The OpenAPI 3.1 document at /api/openapi.json, generated from the same route table and zod
 * schemas the router runs (decision 0038). It declares every status an operation can answer:
 * tests/support/openapi-validator.ts checks every answer the API tests receive against it, and
 * `npm run lint:api` holds it to Redocly's recommended rules.
 */

type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json> };
/** Paths of operations the route table does not hold (Razorpay's webhook, this document). */
type ExtraPaths = Record<string, Record<string, Operation>>;

const errorBody = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
const refTo = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** How long to wait before trying again, in seconds. */
const RETRY_AFTER = {
  description: "Seconds to wait before trying again.",
  required: true,
  schema: { type: "integer", minimum: 0 },
};

/** Answers many operations share, each with its one meaning. */
const SHARED_RESPONSES: Record<string, Json> = {
  BadRequest: {
    description:
      "Invalid input: `message` says what is wrong and `errors` names each field (a body field, a query parameter, or `form` for the body as a whole). Nothing is stored.",
    content: errorBody,
  },
  Unauthorized: {
    description: "No valid session: no bearer token, or one that has expired or been revoked.",
    content: errorBody,
  },
  Forbidden: { description: "Signed in, but not as an ADMIN.", content: errorBody },
  NotFound: {
    description: "No such record (an id that is not a positive whole number names none either).",
    content: errorBody,
  },
  PayloadTooLarge: {
    description: "The body is larger than the API reads (100 KB of JSON). Nothing is stored.",
    content: errorBody,
  },
  UnsupportedMediaType: {
    description:
      "The body is not JSON (Content-Type: application/json), is compressed, or is not UTF-8. Nothing is stored.",
    content: errorBody,
  },
  TooManyRequests: {
    description: "Too many attempts from this address; wait Retry-After seconds. Nothing is stored.",
    headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
    content: errorBody,
  },
  HeadersTooLarge: {
    description:
      "The request's headers (its address included) are larger than the server reads (16 KB): answered by the HTTP server itself, without a body.",
  },
  ServerError: {
    description: "Unexpected server error, logged with the request's id (no details).",
    content: errorBody,
  },
  Unavailable: {
    description: "The database cannot be reached for a moment; try again after Retry-After seconds.",
    headers: { "Retry-After": { $ref: "#/components/headers/RetryAfter" } },
    content: errorBody,
  },
};

const IMAGE_TYPES = "image/png, image/jpeg, image/webp, image/gif, image/avif";

/** The statuses an operation can answer besides its success, each a response object. */
function errorResponses(route: ApiRoute): Record<string, Json> {
  const responses: Record<string, Json> = {};
  const takesBody = Boolean(route.body);
  if (takesBody || route.query) responses[400] = refTo("BadRequest");
  else if (route.path.includes(":"))
    responses[400] = {
      description: "The address could not be read (a malformed %-escape in it).",
      content: errorBody,
    };
  if (route.operationId === "createOrder")
    responses[400] = {
      description:
        "Invalid input, or the payment gateway refused to open the payment (the order is then kept as FAILED).",
      content: errorBody,
    };
  if (route.operationId === "login")
    responses[401] = { description: "The email or password is wrong.", content: errorBody };
  else if (route.access !== "public") responses[401] = refTo("Unauthorized");
  if (route.operationId === "createOrder")
    responses[402] = {
      description:
        "The payment could not be completed; no money was taken (the order is kept as FAILED, payable again at its pay link).",
      content: errorBody,
    };
  if (route.access === "admin") responses[403] = refTo("Forbidden");
  if (route.operationId === "login")
    responses[403] = {
      description: "The password is right but staff have disabled the account (issue 19).",
      content: errorBody,
    };
  if (route.notFound) responses[404] = { description: route.notFound, content: errorBody };
  else if (route.path.includes(":id"))
    responses[404] = route.download
      ? { description: "No such record, or it came without a file.", content: errorBody }
      : refTo("NotFound");
  if (route.operationId === "register")
    responses[409] = { description: "The email is already registered.", content: errorBody };
  if (route.conflict) responses[409] = { description: route.conflict, content: errorBody };
  if (route.upload === "image") {
    responses[413] = {
      description: `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB, or the body or a text field is larger than the API reads.`,
      content: errorBody,
    };
    responses[415] = {
      description: `The file is not an image (${IMAGE_TYPES}), or the body is neither JSON nor multipart/form-data.`,
      content: errorBody,
    };
  } else if (route.upload === "cv") {
    responses[413] = {
      description: `The CV is larger than ${MAX_CV_BYTES / 1024 / 1024} MB, or the body or a text field is larger than the API reads.`,
      content: errorBody,
    };
    responses[415] = {
      description: "The CV is not a PDF, or the body is neither JSON nor multipart/form-data.",
      content: errorBody,
    };
  } else if (takesBody) {
    responses[413] = refTo("PayloadTooLarge");
    responses[415] = refTo("UnsupportedMediaType");
  }
  if (route.rateLimit) responses[429] = refTo("TooManyRequests");
  responses[431] = refTo("HeadersTooLarge");
  responses[500] = refTo("ServerError");
  responses[503] = refTo("Unavailable");
  return responses;
}

/** Strips the `$schema` zod writes: in OpenAPI 3.1 the document's dialect (2020-12) applies. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    // zod writes .startsWith() as a pattern and a "starts_with" format no JSON Schema tool knows: the pattern says it.
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === "starts_with") delete jsonSchema.format;
    },
  });
  return rest;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

const QUERY_NOTES: Record<string, string> = {
  page: "Which page, from 1 (past the last page, the last page is answered).",
  limit: "How many rows a page has.",
};

function parametersOf(route: ApiRoute): Json[] {
  const pathParameters = [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    description: "The record's id.",
    schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 },
  }));
  // The query as the handler receives it (whole numbers within bounds); a query string carries them as digits.
  const query = route.query ? jsonSchema(route.query, "output") : {};
  const queryParameters = Object.entries((query.properties ?? {}) as Record<string, Json>).map(
    ([name, schema]) => ({
      name,
      in: "query",
      required: false,
      ...(QUERY_NOTES[name] ? { description: QUERY_NOTES[name] } : {}),
      schema,
    }),
  );
  return [...pathParameters, ...queryParameters];
}

/** The multipart form of an upload route: the body's fields as text, plus the file. */
function multipartOf(route: ApiRoute, body: Json): Json {
  const file = route.upload!;
  const required = [
    ...((body.required as string[] | undefined) ?? []),
    ...(route.fileRequired ? [file] : []),
  ];
  const fileNote =
    file === "image"
      ? `The image (${IMAGE_TYPES}; at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB).`
      : `The CV, a PDF of at most ${MAX_CV_BYTES / 1024 / 1024} MB.`;
  return {
    schema: {
      ...body,
      properties: {
        ...(body.properties as Json),
        [file]: { type: "string", format: "binary", description: fileNote },
      },
      required,
    },
    encoding: { [file]: { contentType: file === "image" ? IMAGE_TYPES : "application/pdf" } },
    ...(route.example
      ? { example: route.fileRequired ? { ...route.example, [file]: "(the file's bytes)" } : route.example }
      : {}),
  };
}

function requestBodyOf(route: ApiRoute): Json | undefined {
  if (!route.body) return undefined;
  const body = jsonSchema(route.body, "input");
  const json = { schema: body, ...(route.example ? { example: route.example } : {}) };
  const content = route.upload
    ? {
        "multipart/form-data": multipartOf(route, body),
        ...(route.fileRequired ? {} : { "application/json": json }),
      }
    : { "application/json": json };
  return { required: true, content };
}

function successOf(route: ApiRoute): Json {
  if (route.download)
    return {
      description: "The file, as a download.",
      headers: {
        "Content-Disposition": {
          description: 'attachment; filename="…" (the name it was sent with, made safe).',
          required: true,
          schema: { type: "string", pattern: "^attachment;" },
        },
      },
      content: { [route.download]: { schema: { type: "string", format: "binary" } } },
    };
  const publicRead = route.publicData
    ? {
        headers: {
          ETag: {
            description:
              "Set on answers shared with every anonymous caller: send it back as If-None-Match to get 304 while nothing changed.",
            required: false,
            schema: { type: "string" },
          },
        },
      }
    : {};
  if (route.answer)
    return {
      description: route.status === 201 ? "Created." : "Success.",
      ...publicRead,
      content: { "application/json": { schema: jsonSchema(route.answer, "output") } },
    };
  return { description: "Done (no body)." };
}

/** Where an operation is listed in the reference: by the first segment of its path. */
const TAGS = [
  {
    name: "Accounts",
    description: "Registering, signing in, and the list of accounts.",
    paths: ["auth", "users"],
  },
  { name: "School details", description: "The school's address, email and phone.", paths: ["details"] },
  { name: "Blog", description: "The school's blog posts.", paths: ["blog"] },
  { name: "Courses", description: "The course catalogue and its likes.", paths: ["courses"] },
  { name: "Admissions", description: "Admission applications.", paths: ["applications"] },
  {
    name: "Seats",
    description:
      "Each grade's seats for the admission session (reserved under the RTE Act, offered, admitted, free, waiting), and the seats offered to applications: the family accepts by paying, or declines.",
    paths: ["seats", "offers"],
  },
  { name: "Demo classes", description: "Requests for a free demo class.", paths: ["demos"] },
  { name: "Teachers", description: "Teachers' applications and their CVs.", paths: ["teacher-applications"] },
  {
    name: "Fees and enrollment",
    description: "Grade fees, enrollment orders.",
    paths: ["grades", "tuition"],
  },
  { name: "Payments", description: "The payment gateway's calls to this site.", paths: ["payments"] },
  {
    name: "Messages",
    description: "WhatsApp's calls to this site: message statuses and families' STOP and START.",
    paths: ["messages"],
  },
  { name: "Reference", description: "This document.", paths: ["openapi.json"] },
];

function tagOf(path: string): string {
  const segment = path.split("/")[1] ?? "";
  const tag = TAGS.find((candidate) => candidate.paths.includes(segment));
  if (!tag) throw new Error(`No tag for the API path ${path}`);
  return tag.name;
}

function operationOf(route: ApiRoute): Operation {
  const parameters = parametersOf(route);
  const requestBody = requestBodyOf(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [tagOf(route.path)],
    "x-access": route.access,
    security: route.access === "public" ? [] : [{ bearer: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [route.status ?? 200]: successOf(route),
      ...(route.publicData
        ? { 304: { description: "Not modified since the ETag sent as If-None-Match." } }
        : {}),
      ...errorResponses(route),
    },
  };
}

/** GET /openapi.json: this document. */
export const DOCUMENT_OPERATION: Operation = {
  operationId: "getOpenApiDocument",
  summary: "This document (OpenAPI 3.1)",
  "x-access": "public",
  security: [],
  responses: {
    200: { description: "The document.", content: { "application/json": { schema: { type: "object" } } } },
    431: refTo("HeadersTooLarge"),
    500: refTo("ServerError"),
  },
};

type WebhookEntry = Json & { responses: Record<string, Json>; requestBody: Json };

/**
 * Razorpay's webhook receiver: its own entry (app/api/razorpay-webhook.server.ts), with its name,
 * its answer's body, an example and the statuses the router adds (body limits, outages).
 */
export function webhookOperation(entry: WebhookEntry): Operation {
  const example = { event: "order.paid", payload: { order: { entity: { id: "order_Example123" } } } };
  const content = entry.requestBody.content as Record<string, Json>;
  return {
    ...entry,
    operationId: "receiveRazorpayWebhook",
    security: [],
    requestBody: {
      ...entry.requestBody,
      content: Object.fromEntries(
        Object.entries(content).map(([type, media]) => [type, { ...media, example }]),
      ),
    },
    responses: {
      ...entry.responses,
      200: {
        ...entry.responses[200],
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { status: { type: "string", description: "What was done with the event." } },
              required: ["status"],
            },
          },
        },
      },
      413: { description: "The body is larger than 1 MB. Nothing changes.", content: errorBody },
      415: { description: "The body is compressed. Nothing changes.", content: errorBody },
      431: refTo("HeadersTooLarge"),
      500: refTo("ServerError"),
      503: refTo("Unavailable"),
    },
  };
}

/** The paths and methods the router answers outside the document's operations, said once. */
const ROUTER_NOTES = [
  "Errors answer `{ message, errors? }` (see the Error schema): `errors` names each field that was wrong.",
  "A path the API does not have answers 404; a method a path does not take answers 405 with an Allow header (OPTIONS: 204 with Allow). HEAD is answered like GET, without a body.",
  "Calls without a request body read none: a body sent to them is ignored.",
  "Calls that change data are limited per address where the document declares 429; its Retry-After says how long to wait.",
].join("\n\n");

/** OpenAPI 3.1, generated from the same route table and zod schemas the router runs. */
export function buildOpenApiDocument(
  routes: ApiRoute[],
  extraPaths: ExtraPaths,
  { publicUrl }: { publicUrl: string },
) {
  const site = publicUrl.replace(/\/+$/, "");
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, methods] of Object.entries(extraPaths)) {
    for (const [method, operation] of Object.entries(methods)) {
      paths[path] ??= {};
      paths[path][method] = { tags: [tagOf(path)], ...operation };
    }
  }
  for (const route of routes) {
    paths[openApiPath(route.path)] ??= {};
    paths[openApiPath(route.path)]![route.method] = operationOf(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${SCHOOL.fullName} API`,
      version: "1.0.0",
      description: `The school website's JSON API.\n\n${ROUTER_NOTES}`,
      contact: { name: `${SCHOOL.fullName} office`, url: `${site}/about-us-zipat` },
      license: {
        name: `Proprietary: © ${SCHOOL.fullName}, all rights reserved`,
        identifier: "LicenseRef-Proprietary",
      },
    },
    servers: [{ url: `${site}/api`, description: "This site's API" }],
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The token POST /auth/login or POST /auth/register answers.",
        },
      },
      schemas: { Error: jsonSchema(errorAnswer, "output") },
      headers: { RetryAfter: RETRY_AFTER },
      responses: SHARED_RESPONSES,
    },
    paths,
  };
}
