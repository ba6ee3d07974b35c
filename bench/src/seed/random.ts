/**
 * Seeded randomness. Every part of the generated data draws from its own stream, named after
 * what it generates, so the same preset and seed always give the same rows, and a change to one
 * table's generator does not shift the others.
 */

/** cyrb128: four 32-bit words from a string, to seed a stream. */
function hashString(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** murmur3's finaliser: a bijection on 32-bit integers that mixes every bit. */
function fmix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hex32(word: number) {
  return (
    (HEX[(word >>> 24) & 0xff] as string) +
    (HEX[(word >>> 16) & 0xff] as string) +
    (HEX[(word >>> 8) & 0xff] as string) +
    (HEX[word & 0xff] as string)
  );
}

/**
 * Version-4-shaped UUIDs that are a pure function of (seed, kind, index). The first word is a
 * bijection of the index, so two indexes of one kind never share an id.
 */
export function idFactory(seed: string, kind: string) {
  const [a, b, c, d] = hashString(`${seed}/id/${kind}`);
  return (index: number): string => {
    const w0 = fmix32((index ^ a) >>> 0);
    const w1 = fmix32((index + b) >>> 0);
    const w2 = fmix32((Math.imul(index, 0x9e3779b1) ^ c) >>> 0);
    const w3 = fmix32((index + d + w0) >>> 0);
    const s0 = hex32(w0);
    const s1 = hex32(((w1 & 0xffff0fff) | 0x00004000) >>> 0);
    const s2 = hex32(((w2 & 0x3fffffff) | 0x80000000) >>> 0);
    const s3 = hex32(w3);
    return `${s0}-${s1.slice(0, 4)}-${s1.slice(4)}-${s2.slice(0, 4)}-${s2.slice(4)}${s3}`;
  };
}

/** sfc32: small, fast, and good enough for test data. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    [this.a, this.b, this.c, this.d] = hashString(seed);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A child stream, independent of how much this one has been used. */
  static stream(seed: string, name: string) {
    return new Random(`${seed}/${name}`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and spread (sigma of the underlying normal). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }
}

/**
 * Draws indexes in proportion to their weights (binary search over the running sum); `limit`
 * restricts a draw to the first indexes, e.g. the members who had joined by then.
 */
export class WeightedIndex {
  private readonly cumulative: Float64Array;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    for (let i = 0; i < weights.length; i++) {
      sum += weights[i] as number;
      this.cumulative[i] = sum;
    }
  }

  get size() {
    return this.cumulative.length;
  }

  draw(random: Random, limit = this.cumulative.length): number {
    const n = Math.max(1, Math.min(limit, this.cumulative.length));
    const target = random.next() * (this.cumulative[n - 1] as number);
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/**
 * Splits `total` among indexes in proportion to their weights (one weighted draw per unit), never
 * giving an index more than its cap. Returns the counts; their sum is `total` unless the caps
 * leave no room.
 */
export function apportion(
  random: Random,
  weights: ArrayLike<number>,
  total: number,
  cap: (index: number) => number,
): Int32Array {
  const counts = new Int32Array(weights.length);
  const index = new WeightedIndex(weights);
  let misses = 0;
  for (let placed = 0; placed < total;) {
    const i = index.draw(random);
    if ((counts[i] as number) < cap(i)) {
      counts[i] = (counts[i] as number) + 1;
      placed++;
      misses = 0;
    } else if (++misses > 1000) {
      break;
    }
  }
  return counts;
}
