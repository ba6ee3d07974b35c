/**
 * Runs at most `slots` tasks at once with at most `waiting` more in line; past that, `busy()` is
 * thrown at once, so a burst costs callers a short refusal rather than the server an unbounded
 * queue of child processes.
 */
export function createConcurrencyGate(options: {
  slots: number;
  waiting: number;
  busy: () => Error;
}) {
  let running = 0;
  const line: (() => void)[] = [];

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < options.slots) {
        running += 1;
      } else {
        if (line.length >= options.waiting) throw options.busy();
        // The finishing task hands its slot straight over, so `running` stays counted.
        await new Promise<void>((resolve) => line.push(resolve));
      }
      try {
        return await task();
      } finally {
        const next = line.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
}
