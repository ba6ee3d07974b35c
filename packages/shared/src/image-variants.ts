/*
 * The display sizes the server makes of every uploaded picture, and how their files are named.
 * Both sides use these: the server writes the files, the web builds `srcset` from them. No zod
 * here, so the avatar on every screen does not pull the schema library into the first load.
 */

/**
 * Post photos, by width. A feed card's picture is 311 CSS px wide on a 375 px phone (622 at
 * DPR 2, 933 at DPR 3) and at most 766 px on a desktop (1,532 at DPR 2); 320 serves the
 * smallest screens and thumbnails. The original (at most 2,048 px) is the largest size.
 */
export const POST_IMAGE_WIDTHS = [320, 640, 1080, 1600] as const;

/** Message photos show 192 CSS px high in the conversation; the original opens larger. */
export const MESSAGE_IMAGE_WIDTHS = [320, 640, 1080] as const;

/**
 * Avatars are squares shown 24 to 112 CSS px wide (account menu to profile header): 48, 96
 * and 192 cover the small ones at DPR 1–2 (and 3 for the smallest), 400 the profile header.
 */
export const AVATAR_WIDTHS = [48, 96, 192, 400] as const;

export interface ImageVariant {
  url: string;
  width: number;
}

const VARIANT_SUFFIX = /_w(\d+)\.webp$/;

/** `u/1700000000000-ab12cd34.webp` → `u/1700000000000-ab12cd34_w640.webp` (a path or a URL). */
export function variantPath(path: string, width: number): string {
  if (!path.endsWith('.webp') || VARIANT_SUFFIX.test(path)) {
    throw new Error(`Not an original picture: ${path}`);
  }
  return `${path.slice(0, -'.webp'.length)}_w${width}.webp`;
}

/** Whether `path` names a display size (its name never changes its content). */
export function isVariantPath(path: string): boolean {
  return VARIANT_SUFFIX.test(path);
}

/** Whether `candidate` is one of the display sizes made from `original`. */
export function isVariantOf(candidate: string, original: string): boolean {
  const match = VARIANT_SUFFIX.exec(candidate);
  return (
    match !== null &&
    original.endsWith('.webp') &&
    candidate.slice(0, match.index) === original.slice(0, -'.webp'.length)
  );
}

/**
 * Avatars uploaded since display sizes exist are `/files/avatars/{user id}/avatar-{version}.webp`
 * with every AVATAR_WIDTHS size beside them; the name says the sizes exist, so no list of them
 * travels with each of the many places a person is shown. Older ones
 * (`…/avatar.webp?v=…`) have none and are shown as they are.
 */
const VERSIONED_AVATAR = /^\/files\/avatars\/[A-Za-z0-9_-]+\/avatar-[a-z0-9]+\.webp$/;

export function avatarKey(userId: string, version: string): string {
  return `${userId}/avatar-${version}.webp`;
}

export function hasAvatarVariants(url: string): boolean {
  return VERSIONED_AVATAR.test(url);
}

/** The display sizes of an avatar, smallest first; none for older avatars. */
export function avatarVariants(url: string | null | undefined): ImageVariant[] {
  if (!url || !hasAvatarVariants(url)) return [];
  return AVATAR_WIDTHS.map((width) => ({ url: variantPath(url, width), width }));
}

/** `a_w320.webp 320w, a_w640.webp 640w` for an `<img srcset>`. */
export function srcSetOf(variants: readonly ImageVariant[]): string {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}
