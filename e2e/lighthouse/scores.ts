import type { Result } from 'lighthouse';

/** The pages measured. */
export const PAGES = { landing: '/', feed: '/feed' } as const;

export type PageName = keyof typeof PAGES;

interface Scores {
  performance: number;
  accessibility: number;
}

/** Issue 8's targets (0–100): printed beside each page's scores. */
export const TARGETS: Record<PageName, Scores> = {
  landing: { performance: 95, accessibility: 100 },
  feed: { performance: 90, accessibility: 100 },
};

/**
 * Below these the command fails (CI runs it; docs/decisions/0029-…). They are floors that catch a
 * collapse (the feed scored 45 with its JavaScript sent uncompressed), not the targets: Lighthouse
 * derives performance from the CPU time the browser really took, so one build scores what the
 * machine of the day lets it. On 2026-11-25 the feed's single runs spread 77–95 and the landing
 * page's 91–99; on 2026-11-26, on the same kind of machine with the same code, 50–88 and 76–94
 * (Lighthouse's benchmarkIndex 1,600–2,800), and an hour later, the machine freshly started,
 * 88–95 and 91–98 again. The best of several runs is gated (CI takes seven), with the floors
 * where a best of seven of that slower day falls short about once in several hundred runs:
 * landing 85, feed 60. The table prints each target beside its gate.
 */
export const GATES: Record<PageName, Scores> = {
  landing: { performance: 85, accessibility: 100 },
  feed: { performance: 60, accessibility: 100 },
};

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
  /** Lighthouse's measure of the machine's speed during the run (its "CPU/Memory Power"). */
  benchmarkIndex: number;
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
    benchmarkIndex: lhr.environment.benchmarkIndex,
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

/** What falls short of `levels` (the gates or the targets), in words; empty when nothing does. */
export function shortfalls(
  page: PageName,
  summary: RunSummary,
  levels: Record<PageName, Scores> = GATES,
): string[] {
  const level = levels[page];
  const found: string[] = [];
  if (summary.performance < level.performance)
    found.push(`${page}: performance ${summary.performance} < ${level.performance}`);
  if (summary.accessibility < level.accessibility)
    found.push(`${page}: accessibility ${summary.accessibility} < ${level.accessibility}`);
  return found;
}

/** A score with its target, and its gate when that is lower: `88 (target 90, gate 85)`. */
function scoreCell(value: number, target: number, gate: number): string {
  return gate < target ? `${value} (target ${target}, gate ${gate})` : `${value} (≥${target})`;
}

/** Milliseconds as seconds with two decimals: '2.76 s'. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

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
    scoreCell(best.performance, TARGETS[page].performance, GATES[page].performance),
    scoreCell(best.accessibility, TARGETS[page].accessibility, GATES[page].accessibility),
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
