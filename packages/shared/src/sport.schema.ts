import { z } from 'zod';

import { SPORTS } from './constants.ts';
import { MESSAGES } from './messages.ts';

/**
 * A sport of the product's list. A missing sport gets the form's own 'required' message; a value
 * that is not on the list is told so.
 */
export function sportSchema(requiredMessage: string) {
  return z.enum(SPORTS, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ''
        ? requiredMessage
        : MESSAGES.validation.sportUnknown,
  });
}
