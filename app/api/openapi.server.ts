import { z } from "zod";
import { SCHOOL } from "~/domain/brand";
import { errorAnswer } from "./schemas.server";
import type { ApiRoute } from "./routes.server";

const ERROR_STATUSES: Record<number, string> = {
  500: "Unexpected server error (no details)",
  400: "Invalid input; `errors` names each field",
  401: "No valid session",
  403: "Not allowed for this role",
  404: "No such record",
  409: "Conflict (e.g. email already registered)",
  413: "Upload or body too large",
  415: "Upload is not a supported file (an image where an image is asked for, a PDF for a CV)",
  429: "Too many attempts; see Retry-After",
};

const jsonSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" });

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function errorsFor(route: ApiRoute): number[] {
  const statuses = [500];
  if (route.body || route.query) statuses.push(400);
  if (route.access !== "public") statuses.push(401);
  if (route.access === "admin") statuses.push(403);
  if (route.path.includes(":id")) statuses.push(404);
  if (route.path === "/auth/register") statuses.push(409);
  if (route.upload) statuses.push(413, 415);
  if (route.rateLimit) statuses.push(429);
  return statuses.sort();
}

/** OpenAPI 3.1, generated from the same route table and zod schemas the router runs. */
export function buildOpenApiDocument(
  routes: ApiRoute[],
  receivers: Record<string, Record<string, unknown>> = {},
) {
  const paths: Record<string, Record<string, unknown>> = { ...receivers };
  for (const route of routes) {
    const parameters = [
      ...[...route.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
        name,
        in: "path",
        required: true,
        schema: { type: "integer", minimum: 1 },
      })),
      ...Object.entries(
        (jsonSchema(route.query ?? z.object({}), "input").properties ?? {}) as Record<string, unknown>,
      ).map(([name, schema]) => ({
        name,
        in: "query",
        required: false,
        schema,
      })),
    ];
    const body = route.body ? jsonSchema(route.body, "input") : undefined;
    const content = body
      ? route.upload
        ? {
            "multipart/form-data": {
              schema: {
                ...body,
                properties: {
                  ...(body.properties as object),
                  [route.upload]: { type: "string", format: "binary" },
                },
              },
            },
            "application/json": { schema: body },
          }
        : { "application/json": { schema: body } }
      : undefined;
    const success = route.status ?? 200;
    paths[openApiPath(route.path)] ??= {};
    paths[openApiPath(route.path)]![route.method] = {
      summary: route.summary,
      "x-access": route.access,
      ...(route.access === "public" ? {} : { security: [{ bearer: [] }] }),
      ...(parameters.length ? { parameters } : {}),
      ...(content ? { requestBody: { required: true, content } } : {}),
      responses: {
        [success]: route.download
          ? {
              description: "The file, as a download (Content-Disposition: attachment)",
              content: { [route.download]: { schema: { type: "string", format: "binary" } } },
            }
          : route.answer
            ? {
                description: "Success",
                content: { "application/json": { schema: jsonSchema(route.answer, "output") } },
              }
            : { description: "Done" },
        ...Object.fromEntries(
          errorsFor(route).map((status) => [
            status,
            {
              description: ERROR_STATUSES[status],
              content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
            },
          ]),
        ),
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${SCHOOL.fullName} API`,
      version: "1.0.0",
      description: "The school website's JSON API. Errors answer { message, errors? }.",
    },
    servers: [{ url: "/api" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { Error: jsonSchema(errorAnswer, "output") },
    },
    paths,
  };
}
