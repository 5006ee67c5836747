import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/redirect";

const SITE = "https://zipat.example";

/** Where a browser on our site goes for a Location header of `to`. */
const destination = (to: string) => new URL(to, `${SITE}/login`);

/** Pieces attackers combine to leave a site through a "local" redirect. */
const TRICKY = fc.constantFrom(
  "/",
  "//",
  "\\",
  "/\\",
  "\\\\",
  "http:",
  "https://",
  "javascript:",
  "data:text/html,",
  "evil.example",
  "@evil.example",
  "%2F",
  "%5C",
  "%09",
  "\t",
  "\n",
  "\r",
  "\u0000",
  " ",
  ".",
  "..",
  "?",
  "#",
  ":",
  "\u3002",
  "\uff0f",
  "courses",
  "admin",
);

const CANDIDATES = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(TRICKY, { maxLength: 8 }).map((parts) => parts.join("")),
  fc.webUrl(),
  fc.webPath(),
);

describe("safeRedirect", () => {
  it("never leaves the site, whatever it is given (property, 20,000 cases)", () => {
    fc.assert(
      fc.property(CANDIDATES, (to) => {
        const result = safeRedirect(to, "/fallback");
        const url = destination(result);
        expect(url.origin).toBe(SITE);
        expect(result.startsWith("/")).toBe(true);
        expect(result.startsWith("//")).toBe(false);
      }),
      { numRuns: 20_000 },
    );
  });

  it("keeps a local path exactly, query and fragment included (property)", () => {
    fc.assert(
      fc.property(fc.webPath(), fc.webQueryParameters(), (path, query) => {
        const to = `/${path.replace(/^\/+/, "")}${query ? `?${query}` : ""}`;
        expect(safeRedirect(to)).toBe(to);
      }),
      { numRuns: 2_000 },
    );
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/login",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    "evil.example",
    "",
  ])("turns %j into the fallback", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });

  it("gives a value a Location header can carry, whatever it is given (property)", () => {
    fc.assert(
      fc.property(CANDIDATES, fc.string({ unit: "grapheme", maxLength: 20 }), (to, text) => {
        for (const candidate of [to, `/${text}`]) {
          const result = safeRedirect(candidate, "/fallback");
          expect(result).toMatch(/^[\x21-\x7e]+$/);
          expect(() => new Headers({ location: result })).not.toThrow();
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it.each([
    ["/中", "/%E4%B8%AD"],
    ["/\u3000/x", "/%E3%80%80/x"],
    ["/\uff0fevil.example", "/%EF%BC%8Fevil.example"],
    ["/courses?name=Kavya Raman", "/courses?name=Kavya%20Raman"],
  ])("percent-encodes %j as %j, staying on the site", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
    expect(destination(expected).origin).toBe(SITE);
  });

  it("falls back for half a surrogate pair", () => {
    expect(safeRedirect("/\ud800", "/fallback")).toBe("/fallback");
  });

  it("turns anything that is not a string into the fallback", () => {
    for (const value of [null, undefined, new File(["/"], "x.txt")]) expect(safeRedirect(value)).toBe("/");
  });
});
