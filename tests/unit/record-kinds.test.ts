import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ADMIN_NAV } from "~/components/admin/admin-nav";
import {
  BELL_KINDS,
  kindOfRecordType,
  mailAbout,
  mailSubject,
  RECORD_KIND_NAMES,
  RECORD_KINDS,
  recordPath,
  STATUS_TONE,
} from "~/domain/record-kinds";
import { RECORD_TYPES } from "~/domain/statuses";
import { storesWith, storeWith } from "~/services/record-kinds/index.server";

/**
 * The registry of record kinds (issue 36) holds together: what one table says of a kind agrees
 * with the statuses, the history's record types, the route files and the stores that read it.
 */
const ROUTES = fileURLToPath(new URL("../../app/routes", import.meta.url));
const routeFiles = new Set(readdirSync(ROUTES));

/**
 * The flat route file (app/routes) that serves `pathname`, or undefined: its segments joined by
 * dots, a parameter as `$id`, a layout escaped with `_` (admin.demos_.$id: the demos list is not
 * its frame), and an index route as `._index`.
 */
function routeFileOf(pathname: string): string | undefined {
  const segments = pathname.slice(1).split("/");
  const spellings = segments.reduce<string[]>(
    (names, segment, index) =>
      names.flatMap((name) => {
        const joined = index === 0 ? segment : `${name}.${segment}`;
        // A segment other than the last may close its layout ("demos_") before the next one.
        return index < segments.length - 1 ? [joined, `${joined}_`] : [joined];
      }),
    [""],
  );
  return spellings
    .flatMap((name) => [`${name}._index.tsx`, `${name}.tsx`])
    .find((file) => routeFiles.has(file));
}

describe("record kinds", () => {
  it("gives every kind with a history a record type of record_events, and every record type one kind", () => {
    const typed = RECORD_KIND_NAMES.map((kind) => RECORD_KINDS[kind].recordType).filter(
      (type) => type !== null,
    );
    // A grade's seats have a history but are no list of records: they are set on /admin/seats.
    const ofKinds = RECORD_TYPES.filter((type) => type !== "GRADE");
    expect([...typed].sort()).toEqual([...ofKinds].sort());
    for (const recordType of ofKinds) {
      expect(RECORD_KINDS[kindOfRecordType(recordType)].recordType).toBe(recordType);
    }
  });

  it("draws a status two kinds share in one colour", () => {
    for (const kind of RECORD_KIND_NAMES) {
      // STATUS_TONE keeps the last kind's colour of a status: any other kind's must be the same.
      for (const [status, tone] of Object.entries(RECORD_KINDS[kind].tones)) {
        expect(tone, `${kind} ${status}`).toBe(STATUS_TONE[status]);
      }
    }
    // Shared for real, so the check above compares something: PENDING, REJECTED, CONTACTED...
    const kindsOf = (status: string) =>
      RECORD_KIND_NAMES.filter((kind) => status in RECORD_KINDS[kind].tones);
    expect(kindsOf("REJECTED")).toEqual(["applications", "teacherApplications"]);
    expect(kindsOf("PENDING")).toEqual(["applications", "demos"]);
  });

  it("lists every kind at an admin route that exists, and its records at pages that exist", () => {
    for (const kind of RECORD_KIND_NAMES) {
      const { adminPath } = RECORD_KINDS[kind];
      expect(adminPath, kind).toMatch(/^\/admin\/[a-z-]+$/);
      expect(routeFileOf(adminPath), `${kind}: ${adminPath}`).toBeDefined();
    }
    // The bell and the search link each record to its own page (accounts have none: the search
    // opens their list asked for the address).
    const paged = [
      ...BELL_KINDS,
      ...storesWith("search")
        .filter((store) => !store.search.listedAs)
        .map((store) => store.kind),
    ];
    for (const kind of new Set(paged)) {
      expect(routeFileOf(recordPath(kind, "$id")), kind).toBeDefined();
    }
    expect(routeFileOf("/admin/demos/$id")).toBe("admin.demos_.$id.tsx");
    expect(routeFileOf("/admin/nowhere")).toBeUndefined();
  });

  it("reads back the kind and id a mail's `about` names", () => {
    const prefixes = RECORD_KIND_NAMES.map((kind) => RECORD_KINDS[kind].mailAbout);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const kind of RECORD_KIND_NAMES) {
      for (const id of [12, "7f3c9a2e-1b4d-4c8e-9f00-3a5b6c7d8e9f"]) {
        expect(mailSubject(mailAbout(kind, id))).toEqual({ kind, id: String(id) });
      }
    }
    expect(mailAbout("teacherApplications", 5)).toBe("teacher-application:5");
    expect(mailSubject("newsletter:5")).toBeNull();
    expect(mailSubject("application")).toBeNull();
  });

  it("gives every kind the bell counts a store that says what is new, and no other kind one", () => {
    expect(BELL_KINDS).toEqual(["applications", "demos", "teacherApplications", "orders"]);
    for (const kind of BELL_KINDS) expect(storeWith(kind, "bell").bell.at, kind).toBeDefined();
    expect(
      storesWith("bell")
        .map((store) => store.kind)
        .sort(),
    ).toEqual([...BELL_KINDS].sort());
  });

  it("puts every admin list in the side menu, named as the registry names it", () => {
    const menu = new Map(ADMIN_NAV.map((item) => [item.to, item.label]));
    for (const kind of RECORD_KIND_NAMES) {
      expect(menu.get(RECORD_KINDS[kind].adminPath), kind).toBe(RECORD_KINDS[kind].menu);
    }
    // Every admin screen one step below /admin is in the menu, but for those reached otherwise.
    const reachedOtherwise: Record<string, string> = {
      "/admin/notifications": "the bell in the top bar",
      "/admin/search": "the search box in the top bar",
      "/admin/sidebar": "the menu's own collapse button (an action, no page)",
    };
    const screens = [...routeFiles]
      .map((file) => /^admin\.([a-z-]+)(?:\._index)?\.tsx$/.exec(file)?.[1])
      .filter((name) => name !== undefined)
      .map((name) => `/admin/${name}`);
    expect(screens.length).toBeGreaterThan(10);
    for (const screen of screens) {
      if (!(screen in reachedOtherwise)) expect(menu.has(screen), screen).toBe(true);
    }
    for (const item of ADMIN_NAV) expect(routeFileOf(item.to), item.to).toBeDefined();
  });
});
