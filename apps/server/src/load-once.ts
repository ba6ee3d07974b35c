/**
 * A module loaded at its first use and kept: `const loadSharp = loadOnce(() => import('sharp'))`.
 * Heavy dependencies that only some requests need (image processing, passkeys, mail, third-party
 * sign-in, QR codes) are loaded this way, so a server that never handles such a request does not
 * hold them in memory. A failed load is not kept: the next use tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
