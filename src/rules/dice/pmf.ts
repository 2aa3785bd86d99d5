/**
 * Exact probability mass functions over whole numbers: `p[i]` is the probability of `min + i`.
 * Built by enumeration and convolution; infinite tails (exploding dice) are cut where what is left
 * is below 1e-15.
 */

/** A distribution over min, min + 1, ... */
export interface Pmf {
  min: number;
  p: number[];
}

/** Probability that the value is exactly v. */
export function prob(d: Pmf, v: number): number {
  return d.p[v - d.min] ?? 0;
}

/** Probability that the value is at least v. */
export function atLeast(d: Pmf, v: number): number {
  let s = 0;
  d.p.forEach((q, i) => {
    if (d.min + i >= v) s += q;
  });
  return s;
}

/** The expected value. */
export function mean(d: Pmf): number {
  return d.p.reduce((s, q, i) => s + q * (d.min + i), 0);
}

/** The distribution of a sum of two independent values. */
export function convolve(a: Pmf, b: Pmf): Pmf {
  const p = new Array<number>(a.p.length + b.p.length - 1).fill(0);
  a.p.forEach((x, i) => b.p.forEach((y, j) => (p[i + j]! += x * y)));
  return { min: a.min + b.min, p };
}

/** The sum of n independent copies (n >= 0). */
export function power(a: Pmf, n: number): Pmf {
  let out: Pmf = { min: 0, p: [1] };
  for (let i = 0; i < n; i++) out = convolve(out, a);
  return out;
}

/** Uniform on 1..sides. */
export function die(sides: number): Pmf {
  return { min: 1, p: new Array<number>(sides).fill(1 / sides) };
}

/** A distribution from a list of (value, probability) pairs. */
export function fromPairs(pairs: readonly (readonly [number, number])[]): Pmf {
  const min = Math.min(...pairs.map(([v]) => v));
  const max = Math.max(...pairs.map(([v]) => v));
  const p = new Array<number>(max - min + 1).fill(0);
  for (const [v, q] of pairs) p[v - min]! += q;
  return { min, p };
}

/** Maps every value through f (collecting equal results). */
export function mapPmf(d: Pmf, f: (v: number) => number): Pmf {
  return fromPairs(d.p.map((q, i) => [f(d.min + i), q] as const));
}
