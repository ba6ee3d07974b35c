import type { ErrorCode } from '@arena/shared/api-error';
import { expect } from 'vitest';

import { AppError } from '../../src/http/app-error.ts';

/** Awaits `work` and asserts that it was refused with exactly this AppError code and message. */
export async function expectRefusal(
  work: Promise<unknown>,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): Promise<AppError> {
  const error: unknown = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'expected the call to be refused').toBeInstanceOf(AppError);
  const refusal = error as AppError;
  expect({ code: refusal.code, message: refusal.message }).toEqual({ code, message });
  if (fields) expect(refusal.fields).toEqual(fields);
  return refusal;
}
