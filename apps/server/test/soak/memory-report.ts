/**
 * Loaded into the server by the soak (`node --expose-gc --import …/memory-report.ts`): every
 * five seconds a full garbage collection, then the process's memory as one line on stderr,
 * `soak-memory {"rss":…,"heapUsed":…,"external":…}`. The heap after a full collection is what
 * the server's own objects hold: a leak in them shows there, whatever the allocator does.
 */
const collect = (globalThis as { gc?: () => void }).gc;

setInterval(() => {
  collect?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.stderr.write(
    `soak-memory ${JSON.stringify({ at: Date.now(), rss, heapUsed, external })}\n`,
  );
}, 5_000).unref();
