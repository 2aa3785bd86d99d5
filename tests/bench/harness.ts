/** A small benchmark harness: warm-up, repeated timing, medians, and a table or JSON report. */
import { performance } from 'node:perf_hooks';

/** Times `fn` `runs` times after `warmup` calls; returns each run's milliseconds. */
export function time(fn: () => void, runs: number, warmup = Math.min(3, runs)): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/** Median of a list. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The q-quantile (0..1) of a list. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** One reported figure. */
export interface Figure {
  key: string;
  value: number;
  unit: string;
  target?: string;
  note?: string;
}

/** Prints figures as an aligned table. */
export function printTable(title: string, figures: Figure[]): void {
  const rows = figures.map((f) => [f.key, formatValue(f.value), f.unit, f.target ?? '', f.note ?? '']);
  const head = ['figure', 'value', 'unit', 'target', 'how'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

function formatValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (Math.abs(v) >= 100) return v.toFixed(1);
  if (Math.abs(v) >= 1) return v.toFixed(3);
  return v.toPrecision(3);
}
