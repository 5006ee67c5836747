import { crc32, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32Combine, deflatedPart, gzipOf, storedPart } from "~/server/gzip-parts.server";
import { pageWindow } from "~/services/page-window.server";
import { createPublicDataCache, frozen, invalidatedByWrites } from "~/services/public-data.server";

describe("public data cache", () => {
  it("loads a key once for concurrent readers and keeps it until a write", async () => {
    const cache = createPublicDataCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.read("blog", "a", load), cache.read("blog", "a", load)])).toEqual([1, 1]);
    expect(await cache.read("blog", "a", load)).toBe(1);
    cache.invalidate();
    expect(await cache.read("blog", "a", load)).toBe(2);
  });

  it("never keeps a failed load", async () => {
    const cache = createPublicDataCache();
    await expect(cache.read("blog", "a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.read("blog", "a", async () => "back")).toBe("back");
  });

  it("hands a load a write overtook only to those who asked before the write", async () => {
    const cache = createPublicDataCache();
    let release: (value: string) => void = () => {};
    const early = cache.read("blog", "a", () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    const late = cache.read("blog", "a", async () => "after the write");
    release("before the write");
    expect(await early).toBe("before the write");
    expect(await late).toBe("after the write");
    expect(await cache.read("blog", "a", async () => "unused")).toBe("after the write");
  });

  it("empties only the topics a write names, and tells its listeners which", async () => {
    const cache = createPublicDataCache();
    const heard: string[][] = [];
    cache.onInvalidate((topics) => heard.push([...topics]));
    await cache.read("blog", "posts", async () => "posts 1");
    await cache.read("courses", "catalogue", async () => "catalogue 1");
    const before = cache.generation;
    cache.invalidate(["courses"]);
    expect(await cache.read("blog", "posts", async () => "posts 2")).toBe("posts 1");
    expect(await cache.read("courses", "catalogue", async () => "catalogue 2")).toBe("catalogue 2");
    expect(cache.changedSince(before, ["blog", "details"])).toBe(false);
    expect(cache.changedSince(before, ["blog", "courses"])).toBe(true);
    expect(heard).toEqual([["courses"]]);
  });

  it("drops the least recently used entry beyond its size", async () => {
    const cache = createPublicDataCache({ maxEntries: 2 });
    await cache.read("blog", "a", async () => "a1");
    await cache.read("blog", "b", async () => "b1");
    await cache.read("blog", "a", async () => "a2");
    await cache.read("blog", "c", async () => "c1");
    expect(await cache.read("blog", "a", async () => "a3")).toBe("a1");
    expect(await cache.read("blog", "b", async () => "b2")).toBe("b2");
  });

  it("freezes what it shares, deeply, but leaves dates alone", () => {
    const value = frozen({ list: [{ title: "x", at: new Date(0) }] });
    expect(Object.isFrozen(value.list[0])).toBe(true);
    expect(() => value.list.push({ title: "y", at: new Date(0) })).toThrow();
    expect(Object.isFrozen(value.list[0]!.at)).toBe(false);
  });
});

describe("invalidatedByWrites", () => {
  const service = {
    async list() {
      return [1];
    },
    async save(fail: boolean) {
      if (fail) throw new Error("refused");
      return "saved";
    },
    token() {
      return "sync write";
    },
  };

  it("marks its topics changed after every method not declared unchanged, succeeded or failed", async () => {
    const cache = createPublicDataCache();
    const changed: string[][] = [];
    cache.onInvalidate((topics) => changed.push([...topics]));
    const wrapped = invalidatedByWrites(service, { topics: ["courses"], unchanged: ["list"] }, cache);
    await wrapped.list();
    expect(changed).toEqual([]);
    expect(await wrapped.save(false)).toBe("saved");
    expect(changed).toEqual([["courses"]]);
    await expect(wrapped.save(true)).rejects.toThrow("refused");
    expect(changed).toHaveLength(2);
    expect(wrapped.token()).toBe("sync write");
    expect(changed).toEqual([["courses"], ["courses"], ["courses"]]);
    expect(cache.generation).toBe(3);
  });
});

describe("pageWindow", () => {
  it("reads the first and last pages from their own end and skips nothing", () => {
    expect(pageWindow(100_000, 1, 6)).toEqual({ order: "newest", offset: 0, limit: 6 });
    expect(pageWindow(100_000, 16_667, 6)).toEqual({ order: "oldest", offset: 0, limit: 4 });
    expect(pageWindow(10, 3, 6)).toBeNull();
    expect(pageWindow(0, 1, 6)).toBeNull();
  });

  it("always names exactly the rows of the page, whichever end it reads from", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 30 }),
        (total, page, limit) => {
          const newestFirst = Array.from({ length: total }, (_, index) => total - index);
          const expected = newestFirst.slice((page - 1) * limit, page * limit);
          const window = pageWindow(total, page, limit);
          if (!window) return expected.length === 0;
          const source = window.order === "newest" ? newestFirst : [...newestFirst].reverse();
          const rows = source.slice(window.offset, window.offset + window.limit);
          const got = window.order === "newest" ? rows : rows.reverse();
          expect(got).toEqual(expected);
          expect(window.offset).toBeLessThanOrEqual(Math.ceil(total / 2));
          return true;
        },
      ),
    );
  });
});

describe("gzip parts", () => {
  it("combines CRCs like one pass over the joined bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 }), (a, b) => {
        const joined = Buffer.concat([a, b]);
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(joined));
      }),
    );
  });

  it("decodes to the fixed and per-response pieces in order", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.boolean()), { maxLength: 8 }), (pieces) => {
        const parts = pieces.map(([text, perResponse]) =>
          perResponse ? storedPart(Buffer.from(text)) : deflatedPart(Buffer.from(text)),
        );
        expect(gunzipSync(Buffer.concat(gzipOf(parts))).toString()).toBe(
          pieces.map(([text]) => text).join(""),
        );
      }),
    );
    const large = Buffer.alloc(200_000, "a");
    expect(gunzipSync(Buffer.concat(gzipOf([storedPart(large)]))).equals(large)).toBe(true);
  });
});
