import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { DEFAULT_PASSWORD_HASH_COST } from "~/domain/settings";

const BLOCK_SIZE = 8;
const PARALLELISM = 3;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      keyLength,
      { ...options, maxmem: 128 * options.N! * options.r! * 2 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export type PasswordHasher = {
  /** A self-describing hash: scrypt$N$r$p$salt$key (base64url parts). */
  hash(password: string): Promise<string>;
  /** Checks against the parameters the stored hash records, whatever the current cost. */
  verify(password: string, stored: string): Promise<boolean>;
  /** A hash of nothing anyone knows: verifying against it costs what a real check costs. */
  decoy(): Promise<string>;
};

export function createPasswordHasher(cost: number = DEFAULT_PASSWORD_HASH_COST): PasswordHasher {
  const params = { N: 2 ** cost, r: BLOCK_SIZE, p: PARALLELISM };
  let decoy: Promise<string> | undefined;

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, params, KEY_LENGTH);
    return [
      "scrypt",
      params.N,
      params.r,
      params.p,
      salt.toString("base64url"),
      key.toString("base64url"),
    ].join("$");
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const [scheme, n, r, p, saltText, keyText] = stored.split("$");
    if (scheme !== "scrypt" || !n || !r || !p || !saltText || !keyText) return false;
    const expected = Buffer.from(keyText, "base64url");
    const actual = await derive(
      password,
      Buffer.from(saltText, "base64url"),
      { N: Number(n), r: Number(r), p: Number(p) },
      expected.length,
    );
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  return {
    hash,
    verify,
    decoy() {
      decoy ??= hash(randomBytes(16).toString("hex"));
      return decoy;
    },
  };
}
