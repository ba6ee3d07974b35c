/** Who passkeys are created for: the RP ID is the site's host name, the origin its address. */
export interface RelyingParty {
  id: string;
  name: string;
  /** Origins a WebAuthn ceremony may come from. */
  origins: string[];
}

/** Vite's dev server, which proxies /api to the API in `npm run dev`. */
const DEV_WEB_ORIGIN = 'http://localhost:5173';
const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * From PUBLIC_URL, else http://localhost:PORT. An IP address cannot be an RP ID: on a loopback
 * address, passkeys are offered at http://localhost with the same port instead.
 */
export function relyingPartyFor(config: {
  publicUrl: string | undefined;
  port: number;
  env: string;
}): RelyingParty {
  const url = new URL(config.publicUrl ?? `http://localhost:${config.port}`);
  if (LOOPBACK.has(url.hostname)) url.hostname = 'localhost';
  const origins = [url.origin];
  if (config.env === 'development' && !origins.includes(DEV_WEB_ORIGIN))
    origins.push(DEV_WEB_ORIGIN);
  return { id: url.hostname, name: 'Arena', origins };
}
