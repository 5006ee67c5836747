import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_HASH_COST } from "~/domain/settings";
import { createPasswordHasher } from "~/services/password.server";

describe("password hashing", () => {
  it("hashes at scrypt N=2^15, r=8, p=3 by default and records those parameters in the hash", async () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(15);
    const stored = await createPasswordHasher().hash("correct horse battery");
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{86}$/);
  });

  it("hashes at the cost it is given, and verifies any hash by the cost that hash records", async () => {
    const cheap = createPasswordHasher(10);
    const dear = createPasswordHasher(15);
    const stored = await cheap.hash("correct horse battery");
    expect(stored.split("$").slice(1, 4)).toEqual(["1024", "8", "3"]);
    expect(await dear.verify("correct horse battery", stored)).toBe(true);
    expect(await dear.verify("correct horse battery!", stored)).toBe(false);
    expect(await cheap.verify("correct horse battery", await dear.hash("correct horse battery"))).toBe(true);
  });

  it("refuses a hash it cannot read, and keeps one decoy hash at its own cost", async () => {
    const hasher = createPasswordHasher(10);
    expect(await hasher.verify("anything", "md5$abc")).toBe(false);
    const decoy = await hasher.decoy();
    expect(decoy).toBe(await hasher.decoy());
    expect(decoy.split("$")[1]).toBe("1024");
  });
});
