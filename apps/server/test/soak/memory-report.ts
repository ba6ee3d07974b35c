/**
 * Loaded into the server by the soak (`NODE_OPTIONS=--import=…/memory-report.ts`): every five
 * seconds a full garbage collection, then the process's memory as one line on stderr,
 * `soak-memory {"at":…,"rss":…,"heapUsed":…,"external":…}`. The heap after a full collection is
 * what the server's own objects hold: a leak in them shows there, whatever the allocator does.
 * Only the main thread reports (the picture workers load it too). Node strips its types itself:
 * it is loaded before tsx is.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  setInterval(() => {
    collect();
    const { rss, heapUsed, external } = process.memoryUsage();
    const sample = JSON.stringify({ at: Date.now(), rss, heapUsed, external });
    process.stderr.write(`soak-memory ${sample}\n`);
  }, 5_000).unref();
}
