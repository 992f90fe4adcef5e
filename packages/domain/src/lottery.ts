import { MAX_LOTTERY_SAMPLE, MAX_LOTTERY_TICKETS } from '@kabuto/contract';
import { assertPositiveInteger } from './numeric';
import { sha256, sha256Hex, utf8Bytes } from './sha256';

/**
 * IPO lottery (SPEC §0.7, §6.5): a seeded, reproducible draw. Anyone holding the recorded seed and
 * inputs re-runs `drawLottery` (server or browser) and gets the same winners; the digest proves
 * the inputs are the recorded ones. Each whole lot applied for is one ticket; the offered lots are
 * drawn uniformly without replacement, so every lot of every application has the same chance.
 *
 * Algorithm, version `LOTTERY_ALGORITHM`:
 * 1. Applications sorted by id; application i holds floor(quantity_i / lotSize) tickets, numbered
 *    consecutively in that order.
 * 2. PRNG: xoshiro128** (Blackman & Vigna), state = the first 16 bytes of SHA-256(UTF-8 seed) as
 *    four big-endian 32-bit words. Integers below n by rejection sampling on 32-bit outputs.
 * 3. k = min(offered lots, tickets) tickets are chosen with Floyd's sampling algorithm; when k is
 *    more than half the tickets, the tickets that lose are chosen the same way instead.
 */
export const LOTTERY_ALGORITHM = 'kabuto-lottery/1 xoshiro128** floyd sha256';

// The draw's bounds (MAX_LOTTERY_SAMPLE tickets sampled, MAX_LOTTERY_TICKETS tickets) live in the
// contract, so a listing and a subscription are refused before a draw could exceed them.
export { MAX_LOTTERY_SAMPLE, MAX_LOTTERY_TICKETS };

const MAX_TICKETS = MAX_LOTTERY_TICKETS;

export type LotteryApplication = { id: number; quantity: number };
export type LotteryInput = {
  seed: string;
  offeredShares: number;
  lotSize: number;
  applications: LotteryApplication[];
};
export type LotteryResult = {
  winners: Array<{ id: number; allottedShares: number }>;
  inputsDigest: string;
};

/** xoshiro128** by David Blackman and Sebastiano Vigna (prng.di.unimi.it), 32-bit outputs. */
export class Xoshiro128StarStar {
  private readonly s: Uint32Array;

  constructor(state: readonly [number, number, number, number]) {
    this.s = Uint32Array.from(state);
    if (this.s.every((word) => word === 0)) throw new RangeError('xoshiro128** state must not be all zero');
  }

  static fromSeed(seed: string): Xoshiro128StarStar {
    const digest = new DataView(sha256(utf8Bytes(seed)).buffer);
    return new Xoshiro128StarStar([
      digest.getUint32(0),
      digest.getUint32(4),
      digest.getUint32(8),
      digest.getUint32(12),
    ]);
  }

  nextUint32(): number {
    const s = this.s;
    const [s0, s1, s2, s3] = [s[0]!, s[1]!, s[2]!, s[3]!];
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    const n2 = s2 ^ s0;
    const n3 = s3 ^ s1;
    s[1] = s1 ^ n2;
    s[0] = s0 ^ n3;
    s[2] = n2 ^ t;
    s[3] = rotl(n3, 11);
    return result;
  }

  /** A uniform integer in [0, bound), bound ≤ 2^32, without modulo bias. */
  below(bound: number): number {
    if (!Number.isSafeInteger(bound) || bound <= 0 || bound > MAX_TICKETS) {
      throw new RangeError(`bound must be in 1..2^32, got ${bound}`);
    }
    const limit = MAX_TICKETS - (MAX_TICKETS % bound);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % bound;
    }
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** Floyd's algorithm: a uniform random k-subset of 0..n-1. */
function sampleWithoutReplacement(rng: Xoshiro128StarStar, n: number, k: number): Set<number> {
  const chosen = new Set<number>();
  for (let j = n - k; j < n; j++) {
    const t = rng.below(j + 1);
    chosen.add(chosen.has(t) ? j : t);
  }
  return chosen;
}

/** The canonical text the inputs digest is taken of (documented so it can be recomputed). */
export function lotteryInputsText(input: LotteryInput): string {
  const applications = [...input.applications].sort((a, b) => a.id - b.id).map((a) => [a.id, a.quantity]);
  return JSON.stringify({
    algorithm: LOTTERY_ALGORITHM,
    seed: input.seed,
    offeredShares: input.offeredShares,
    lotSize: input.lotSize,
    applications,
  });
}

function validate(input: LotteryInput): void {
  assertPositiveInteger(input.lotSize, 'lot size');
  if (!Number.isSafeInteger(input.offeredShares) || input.offeredShares < 0) {
    throw new RangeError(`offered shares must be a non-negative safe integer, got ${input.offeredShares}`);
  }
  const ids = new Set<number>();
  for (const application of input.applications) {
    if (!Number.isSafeInteger(application.id))
      throw new RangeError(`application id is not an integer: ${application.id}`);
    if (ids.has(application.id)) throw new RangeError(`duplicate application id ${application.id}`);
    ids.add(application.id);
    assertPositiveInteger(application.quantity, `quantity of application ${application.id}`);
  }
}

export function drawLottery(input: LotteryInput): LotteryResult {
  validate(input);
  const inputsDigest = sha256Hex(lotteryInputsText(input));
  const applications = [...input.applications].sort((a, b) => a.id - b.id);
  const lots = applications.map((a) => Math.floor(a.quantity / input.lotSize));
  // ticketEnd[i] = one past the last ticket number of application i.
  const ticketEnd: number[] = [];
  let tickets = 0;
  for (const count of lots) {
    tickets += count;
    ticketEnd.push(tickets);
  }
  if (tickets > MAX_TICKETS) throw new RangeError(`too many tickets for one draw: ${tickets}`);
  const offeredLots = Math.floor(input.offeredShares / input.lotSize);
  const k = Math.min(offeredLots, tickets);

  let wonLots: number[];
  if (k === tickets) {
    wonLots = lots;
  } else {
    const pickLosers = k > tickets - k;
    const sampleSize = pickLosers ? tickets - k : k;
    if (sampleSize > MAX_LOTTERY_SAMPLE)
      throw new RangeError(`draw of ${sampleSize} tickets exceeds the limit`);
    const sampled = sampleWithoutReplacement(Xoshiro128StarStar.fromSeed(input.seed), tickets, sampleSize);
    const hits = lots.map(() => 0);
    for (const ticket of sampled) hits[ownerOf(ticketEnd, ticket)]! += 1;
    wonLots = pickLosers ? lots.map((count, i) => count - hits[i]!) : hits;
  }

  const winners = applications
    .map((a, i) => ({ id: a.id, allottedShares: wonLots[i]! * input.lotSize }))
    .filter((w) => w.allottedShares > 0);
  return { winners, inputsDigest };
}

/** Index of the application holding `ticket` (binary search over ticket ranges). */
function ownerOf(ticketEnd: readonly number[], ticket: number): number {
  let low = 0;
  let high = ticketEnd.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ticket < ticketEnd[mid]!) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * The seed of a new share's draw: SHA-256 of data fixed before the draw (the share's id and the
 * ids of its applications, sorted), so nobody can choose it once the applications are in.
 * Text hashed: `kabuto-ipo-seed/1:<shareId>:<id>,<id>,…`.
 */
export function lotterySeed(shareId: number, applicationIds: readonly number[]): string {
  const ids = [...applicationIds].sort((a, b) => a - b).join(',');
  return sha256Hex(`kabuto-ipo-seed/1:${shareId}:${ids}`);
}
