import { describe, expect, it } from 'vitest';

import { createConcurrencyGate } from './concurrency-gate.ts';

class Busy extends Error {}

/** A task that runs until `finish()` is called, and says when it started. */
function heldTask(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<string>((resolve) => {
    finish = () => resolve(name);
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createConcurrencyGate', () => {
  it('runs two at once, lines up two more in order and refuses the fifth at once', async () => {
    const gate = createConcurrencyGate({ slots: 2, waiting: 2, busy: () => new Busy() });
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(started, name));
    const results = tasks.map(({ task }) => gate.run(task));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect([gate.running, gate.waiting]).toEqual([2, 2]);

    await expect(gate.run(() => Promise.resolve('e'))).rejects.toBeInstanceOf(Busy);

    tasks[1]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([gate.running, gate.waiting]).toEqual([2, 1]);
    tasks[0]!.finish();
    tasks[2]!.finish();
    await tick();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = createConcurrencyGate({ slots: 1, waiting: 0, busy: () => new Busy() });
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(gate.running).toBe(0);
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
  });
});
