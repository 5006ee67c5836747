// `npm run lint:api` (part of `npm run lint`): /api/openapi.json, built as the server builds it,
// checked against Redocly's recommended OpenAPI rules. Any error or warning fails (decision 0038).
import { lintOpenApiDocument } from "../tests/support/openapi-lint";

// The document as a deployed site serves it: a localhost address is itself a warning (no-server-example.com).
const publicUrl = process.env.PUBLIC_URL ?? "https://zipat.school";
const problems = await lintOpenApiDocument(publicUrl);
for (const problem of problems) {
  const where = problem.location.map((location) => location.pointer).join(", ");
  console.error(`${problem.severity} ${problem.ruleId}: ${problem.message} (${where})`);
}
if (problems.length > 0) {
  console.error(`/api/openapi.json: ${problems.length} problem(s) under Redocly's recommended rules.`);
  process.exit(1);
}
console.log("/api/openapi.json: no errors or warnings under Redocly's recommended rules.");
