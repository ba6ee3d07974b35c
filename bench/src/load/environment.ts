import { cpus, loadavg, totalmem } from 'node:os';

/** Where the numbers were measured: they mean little without it. */
export interface Machine {
  cores: number;
  cpu: string;
  memoryGb: number;
  node: string;
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cores: list.length,
    cpu: list[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
  };
}

/** The 1-, 5- and 15-minute load averages: on a shared machine, other work skews every number. */
export function loadAverage(): [number, number, number] {
  const [one = 0, five = 0, fifteen = 0] = loadavg();
  return [one, five, fifteen];
}
