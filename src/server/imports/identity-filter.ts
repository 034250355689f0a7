// The identities an upload has staged so far, as a Bloom filter of fixed size (issue 32, the
// upload's speed). Numbering identical rows (fingerprint.ts) needs, for each row, how many rows
// of the same identity were staged before it; asking the database for every slice took a third
// of the upload (8 s of 27 s for 100,000 rows on PGlite). Almost every row of a real file is
// the only one of its identity, and a Bloom filter says so for certain: an identity it has
// never been given is answered "no" without a query, and only the few it may have seen (rows
// that repeat, and rare false alarms) are counted in the database as before. Its size does not
// depend on the file: 1 MB, with about one false alarm in 200,000 rows at 100,000 rows staged
// and one in 2,000 at 330,000 (a 50 MB file). A false alarm costs a lookup, never a wrong count.

/** Bits of the filter (a power of two): 2^23 bits, 1 MB. */
export const FILTER_BITS = 1 << 23;

export interface IdentityFilter {
  /** False when `hash` was certainly never added; true when it may have been. */
  mayHave: (hash: string) => boolean;
  add: (hash: string) => void;
}

/**
 * A filter of `bits` bits (a power of two, at least 32) over SHA-256 hex hashes. The hash is
 * already uniform, so its first four 32-bit words are the filter's four positions; no hashing
 * again.
 */
export function identityFilter(bits = FILTER_BITS): IdentityFilter {
  if (bits < 32 || (bits & (bits - 1)) !== 0) throw new Error('bits must be a power of two');
  const words = new Uint32Array(bits / 32);
  const mask = bits - 1;
  const positions = (hash: string) =>
    [0, 8, 16, 24].map((at) => Number.parseInt(hash.slice(at, at + 8), 16) & mask);
  return {
    mayHave: (hash) =>
      positions(hash).every((bit) => ((words[bit >>> 5] ?? 0) & (1 << (bit & 31))) !== 0),
    add: (hash) => {
      for (const bit of positions(hash))
        words[bit >>> 5] = (words[bit >>> 5] ?? 0) | (1 << (bit & 31));
    },
  };
}
