import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "~/api/routes.server";
import { CONFIG_VARIABLES } from "~/config.server";

const WHO = { public: "anyone", user: "signed-in user", admin: "ADMIN" } as const;

describe("README", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

  it("shows the two set-up commands", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });

  it("documents every environment variable the server reads", () => {
    const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Layout"));
    const documented = new Set(section.match(/`[A-Z][A-Z0-9_]+`/g)?.map((name) => name.slice(1, -1)));
    expect(CONFIG_VARIABLES.filter((variable) => !documented.has(variable))).toEqual([]);
  });

  it("lists exactly the API's routes with their access level, as the route table says", () => {
    const section = /<!-- api-access:start -->\n([\s\S]*?)\n<!-- api-access:end -->/.exec(readme)?.[1] ?? "";
    // Cells, not padding: Prettier aligns the table's columns.
    const rows = section
      .split("\n")
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      )
      .filter((cells) => !cells.every((cell) => /^-+$/.test(cell)));
    expect(rows).toEqual([
      ["Call", "Who", "What"],
      ...API_ROUTES.map((route) => [
        `\`${route.method.toUpperCase()} /api${route.path}\``,
        WHO[route.access],
        route.summary,
      ]),
    ]);
  });
});
