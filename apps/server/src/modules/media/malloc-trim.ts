import koffi from 'koffi';

/**
 * Gives the C heap's free pages back to the system (glibc's `malloc_trim`). libvips allocates
 * each picture's buffers with malloc from whichever thread runs it, and glibc keeps what every
 * thread's arena ever held: after a burst of large pictures the process would stay hundreds of
 * megabytes above idle with nothing in use (decision 0036). Elsewhere than glibc, nothing to do.
 */
export const trimCHeap: () => void = (() => {
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  if (process.platform !== 'linux' || !report.header?.glibcVersionRuntime) return () => undefined;
  const mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
  return () => void mallocTrim(0);
})();
