import type { ImageSizes } from '@arena/shared/image.schema';
import { variantPath } from '@arena/shared/image-variants';

/**
 * What the API says of a stored photo: its size and the URLs of its display sizes, named after
 * the original (`variantPath` of its key or public URL). `urlOf` turns a name into a link when
 * a link needs more than the name (a signed one). Null when the photo has no recorded size (a
 * video, or a photo stored before sizes were made): the page then shows the original as it is.
 */
export function imageSizes(
  stored: {
    path: string | null;
    width: number | null;
    height: number | null;
    variantWidths: readonly number[] | null;
  },
  urlOf: (path: string) => string = (path) => path,
): ImageSizes | null {
  const { path, width, height, variantWidths } = stored;
  if (path === null || width === null || height === null) return null;
  return {
    width,
    height,
    variants: (variantWidths ?? []).map((variantWidth) => ({
      width: variantWidth,
      url: urlOf(variantPath(path, variantWidth)),
    })),
  };
}
