import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "~/api/router.server";

/**
 * Checks an API answer against /api/openapi.json (decision 0038): the status is one the operation
 * declares, the body matches that response's schema (Ajv, JSON Schema 2020-12 as OpenAPI 3.1
 * uses it) and each header it marks required is there and matches its schema. Every API test
 * request goes through it (tests/support/app.ts, callApi), so the document cannot drift from the
 * server unnoticed.
 */

/** An answer as a test saw it: the JSON body parsed (raw text when it was not JSON). */
export type SeenAnswer = {
  method: string;
  /** The path under /api, with its query string. */
  path: string;
  status: number;
  headers: Headers;
  body: unknown;
};

type Json = Record<string, unknown>;
type Operation = { operationId: string; responses: Record<string, Json> };

/** Under /api but not the JSON API: the reference page (an HTML page and its files). */
const OUTSIDE_THE_API = [/^\/docs(\/|$)/];

/** The document the router serves (the server address aside, which does not change what is checked). */
const document = openApiDocument("http://localhost:3000") as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
};
const DOCUMENT_ID = "openapi.json";

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addFormat("binary", true);
ajv.addSchema(document, DOCUMENT_ID);

const compiled = new Map<string, ValidateFunction>();
/** The validator of the schema at a JSON pointer into the document, compiled once. */
function validatorAt(pointer: string[]): ValidateFunction {
  const ref = `${DOCUMENT_ID}#/${pointer.map((part) => part.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate;
}

const templates = Object.keys(document.paths).map((template) => ({
  template,
  // Express matches paths case-insensitively and with or without a trailing slash.
  pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}/?$`, "i"),
  literal: !template.includes("{"),
}));

/** The document's path a request path falls under: a literal path wins over a template. */
function documentPathOf(path: string): string | undefined {
  const matches = templates.filter(({ pattern }) => pattern.test(path));
  return (matches.find(({ literal }) => literal) ?? matches[0])?.template;
}

/** A $ref into components/responses or components/headers, resolved. */
function resolved(object: Json): { value: Json; pointer: string[] } | undefined {
  const ref = object.$ref;
  if (typeof ref !== "string") return undefined;
  const pointer = ref.replace(/^#\//, "").split("/");
  let value: unknown = document;
  for (const part of pointer) value = (value as Json)[part];
  return { value: value as Json, pointer };
}

const headerValidators = new Map<string, ValidateFunction>();
function headerValidator(schema: Json): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = headerValidators.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    headerValidators.set(key, validate);
  }
  return validate;
}

function errorsOf(validate: ValidateFunction): string {
  return ajv.errorsText(validate.errors, { dataVar: "body" });
}

/** The problems of an answer against the document; empty when it is as declared. */
export function contractProblems(answer: SeenAnswer): string[] {
  const path = answer.path.split("?")[0]!;
  if (OUTSIDE_THE_API.some((pattern) => pattern.test(path))) return [];
  const method = answer.method.toLowerCase() === "head" ? "get" : answer.method.toLowerCase();
  const documentPath = documentPathOf(path);
  const operation = documentPath ? document.paths[documentPath]![method] : undefined;
  if (!operation) return routerAnswerProblems(answer, documentPath);

  const name = `${answer.method.toUpperCase()} ${documentPath} (${operation.operationId})`;
  let response = operation.responses[String(answer.status)];
  let pointer = ["paths", documentPath!, method, "responses", String(answer.status)];
  if (!response) return [`${name} answered ${answer.status}, which the document does not declare for it.`];
  const target = resolved(response);
  if (target) [response, pointer] = [target.value, target.pointer];

  const problems: string[] = [];
  for (const [header, declared] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
    const definition = resolved(declared)?.value ?? declared;
    const value = answer.headers.get(header);
    if (value === null) {
      if (definition.required) problems.push(`${name} ${answer.status}: the ${header} header is missing.`);
      continue;
    }
    const schema = definition.schema as Json;
    const typed = schema.type === "integer" && /^\d+$/.test(value) ? Number(value) : value;
    const validate = headerValidator(schema);
    if (!validate(typed))
      problems.push(`${name} ${answer.status}: ${header}: ${value} ${errorsOf(validate)}`);
  }

  const content = response.content as Record<string, Json> | undefined;
  const type = answer.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const emptyBody = answer.body === undefined || answer.body === "";
  if (!content) {
    if (!emptyBody) problems.push(`${name} ${answer.status}: the document declares no body, but one came.`);
    return problems;
  }
  if (answer.method.toUpperCase() === "HEAD") return problems;
  if (!type || !(type in content)) {
    problems.push(
      `${name} ${answer.status}: Content-Type ${type ?? "(none)"}, the document declares ${Object.keys(content).join(", ")}.`,
    );
    return problems;
  }
  if (type === "application/json") {
    const validate = validatorAt([...pointer, "content", type, "schema"]);
    if (!validate(answer.body)) problems.push(`${name} ${answer.status}: ${errorsOf(validate)}`);
  }
  return problems;
}

/** Outside the document's operations the router answers 404 (no such path), 405 or 204 (OPTIONS). */
function routerAnswerProblems(answer: SeenAnswer, documentPath: string | undefined): string[] {
  const what = `${answer.method.toUpperCase()} ${answer.path}`;
  if (answer.method.toUpperCase() === "OPTIONS" && documentPath && answer.status === 204) return [];
  const expected = documentPath ? 405 : 404;
  if (answer.status !== expected)
    return [`${what} is no operation of the document: it must answer ${expected}, not ${answer.status}.`];
  const validate = validatorAt(["components", "schemas", "Error"]);
  if (!validate(answer.body)) return [`${what} ${answer.status}: ${errorsOf(validate)}`];
  if (expected === 405 && !answer.headers.get("allow")) return [`${what} 405: the Allow header is missing.`];
  return [];
}

/** Fails (throws) when an answer is not as the document declares it. */
export function expectAnswerAsDeclared(answer: SeenAnswer): void {
  const problems = contractProblems(answer);
  if (problems.length > 0)
    throw new Error(`The answer is not as /api/openapi.json declares it:\n${problems.join("\n")}`);
}
