import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Gzip made of pieces compressed once and pieces that change per response. A cached page holds
 * its fixed text as raw-deflate runs that each end on a byte boundary (a sync flush) and start
 * without history, so a per-request value can sit between them as a stored (uncompressed) block.
 * The gzip trailer's CRC-32 is combined from the pieces' own CRCs, so no byte is read twice.
 * RFC 1951 (deflate blocks) and RFC 1952 (gzip member).
 */
export type GzipPart = {
  deflated: Buffer;
  crc: number;
  length: number;
  /** x^(8 × length) mod the CRC polynomial: what the CRC so far is multiplied by to append this part. */
  shift: number;
};

// Magic, deflate, no flags, no mtime, no extra flags, OS "unknown".
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// BFINAL=1, BTYPE=00 (stored), LEN=0, NLEN=0xffff: ends the deflate stream.
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const STORED_BLOCK_MAX = 0xffff;

/** Compressed once, at the best level: it is served many times. */
export function deflatedPart(bytes: Buffer): GzipPart {
  return {
    deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(bytes),
    length: bytes.length,
    shift: shiftFor(bytes.length),
  };
}

/** Per-request bytes (a nonce), stored as they are: no compressor runs while serving. */
export function storedPart(bytes: Buffer): GzipPart {
  const blocks: Buffer[] = [];
  let start = 0;
  do {
    const chunk = bytes.subarray(start, start + STORED_BLOCK_MAX);
    const head = Buffer.alloc(5); // BFINAL=0, BTYPE=00, then LEN and its complement NLEN.
    head.writeUInt16LE(chunk.length, 1);
    head.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(head, chunk);
    start += STORED_BLOCK_MAX;
  } while (start < bytes.length);
  return {
    deflated: Buffer.concat(blocks),
    crc: crc32(bytes),
    length: bytes.length,
    shift: shiftFor(bytes.length),
  };
}

/** The buffers of one gzip member holding the parts in order. */
export function gzipOf(parts: readonly GzipPart[]): Buffer[] {
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = (multiplyModP(part.shift, crc) ^ part.crc) >>> 0;
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return [HEADER, ...parts.map((part) => part.deflated), LAST_BLOCK, trailer];
}

// CRC-32 of A+B from crc(A), crc(B) and |B|: multiply crc(A) by x^(8|B|) modulo the CRC
// polynomial (zlib's crc32_combine, as rewritten in zlib 1.2.12).
const POLYNOMIAL = 0xedb88320;

function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** X_TO_2N[k] = x^(2^k) mod p. */
const X_TO_2N: number[] = [];
for (let k = 0, p = 0x40000000; k < 32; k += 1) {
  X_TO_2N.push(p);
  p = multiplyModP(p, p);
}

/** x^(n * 2^k) mod p. */
function xPowerModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n > 0) {
    if (n % 2 === 1) p = multiplyModP(X_TO_2N[k % 32]!, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p;
}

/** Per-request values have a few lengths (a nonce is always 24 bytes): remember their shifts. */
const shifts = new Map<number, number>();
function shiftFor(length: number): number {
  let shift = shifts.get(length);
  if (shift === undefined) {
    shift = xPowerModP(length, 3);
    if (length < 1024) shifts.set(length, shift);
  }
  return shift;
}

export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModP(shiftFor(lengthB), crcA) ^ crcB) >>> 0;
}
