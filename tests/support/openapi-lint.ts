import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { openApiDocument } from "~/api/router.server";

/**
 * The problems Redocly's `recommended` ruleset finds in a document: by default the one this site
 * serves for `publicUrl`. `npm run lint:api` and tests/api/openapi.test.ts both ask it.
 */
export async function lintOpenApiDocument(
  publicUrlOrDocument: string | object,
): Promise<NormalizedProblem[]> {
  const document =
    typeof publicUrlOrDocument === "string" ? openApiDocument(publicUrlOrDocument) : publicUrlOrDocument;
  const config = await createConfig({ extends: ["recommended"] });
  return lintFromString({
    source: JSON.stringify(document),
    absoluteRef: "openapi.json",
    config,
  });
}
