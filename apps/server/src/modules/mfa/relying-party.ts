/** Who passkeys are created for: the RP ID is the site's host name, the origin its address. */
export interface RelyingParty {
  id: string;
  name: string;
  /** Origins a WebAuthn ceremony may come from. */
  origins: string[];
}

/** Vite's dev server, which proxies /api to the API in `npm run dev`. */
const DEV_WEB_ORIGIN = 'http://localhost:5173';

/** From PUBLIC_URL, else http://localhost:PORT. */
export function relyingPartyFor(config: {
  publicUrl: string | undefined;
  port: number;
  env: string;
}): RelyingParty {
  const url = new URL(config.publicUrl ?? `http://localhost:${config.port}`);
  const origins = [url.origin];
  if (config.env === 'development' && !origins.includes(DEV_WEB_ORIGIN))
    origins.push(DEV_WEB_ORIGIN);
  return { id: url.hostname, name: 'Arena', origins };
}
