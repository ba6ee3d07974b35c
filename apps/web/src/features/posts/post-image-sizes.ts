import { createContext, useContext } from 'react';

import { FEED_IMAGE_SIZES } from './photo-sizes.ts';

const PostImageSizes = createContext<string>(FEED_IMAGE_SIZES);

/** Lists laid out other than the feed say how wide their photos are shown. */
export const PostImageSizesProvider = PostImageSizes.Provider;

export function usePostImageSizes(): string {
  return useContext(PostImageSizes);
}
