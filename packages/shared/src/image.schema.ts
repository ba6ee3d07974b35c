import { z } from 'zod';

/**
 * A stored photo as the page needs it: its size, so the page keeps the photo's place before it
 * loads, and its smaller display sizes, narrowest first, for `srcset`. The original (the
 * media URL beside this) is the largest size.
 */
export const imageSizesSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(z.object({ url: z.string(), width: z.number().int() })),
});
export type ImageSizes = z.infer<typeof imageSizesSchema>;
