import type { createApplicationSchema, CreateApplicationInput } from '@arena/shared/offer.schema';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';

export type ApplyFormValues = z.output<typeof createApplicationSchema>;
export type ApplyFormControl = Control<CreateApplicationInput, unknown, ApplyFormValues>;
