import type { Writable } from 'node:stream';

import { type Logger, pino } from 'pino';
import { build as prettyStream } from 'pino-pretty';

import type { AppConfig } from './config.ts';

/**
 * The server's logger. `json`: one JSON object a line (pino), for log collectors and whenever
 * the output is not a terminal. `pretty`: one plain line an entry (time, level, message, then
 * its fields), for a person reading a terminal; written synchronously, so that nothing is lost
 * when the process exits.
 */
export function createLogger(
  config: Pick<AppConfig, 'logLevel' | 'logFormat'>,
  destination: Writable = process.stdout,
): Logger {
  if (config.logFormat === 'json') {
    return destination === process.stdout
      ? pino({ level: config.logLevel })
      : pino({ level: config.logLevel }, destination);
  }
  return pino(
    { level: config.logLevel },
    prettyStream({
      destination,
      sync: true,
      colorize: destination === process.stdout && process.stdout.isTTY,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
    }),
  );
}
