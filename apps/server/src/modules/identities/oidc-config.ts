/** One OpenID Connect provider, from `OIDC_<NAME>_*` environment variables. */
export interface OidcProviderConfig {
  /** Lower case; in URLs (`/api/auth/oidc/<name>/callback`) and in the `identities` table. */
  name: string;
  label: string;
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: registered with the provider. */
  redirectUri: string;
  /**
   * Plain-HTTP requests to the provider are allowed only for a loopback issuer (a provider on the
   * same machine, as in development and the test suites): nothing crosses a network unencrypted.
   */
  allowInsecureRequests: boolean;
}

const NAME = /^[a-z][a-z0-9]{0,31}$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Reads `OIDC_PROVIDERS` and each listed provider's variables. Returns the providers and a list
 * of problems, each naming its variable, for the configuration error.
 */
export function parseOidcProviders(env: NodeJS.ProcessEnv): {
  providers: OidcProviderConfig[];
  issues: string[];
} {
  const list = (env.OIDC_PROVIDERS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (list.length === 0) return { providers: [], issues: [] };

  const issues: string[] = [];
  const issue = (variable: string, message: string) => issues.push(`  ${variable}: ${message}`);

  let publicUrl: URL | null = null;
  try {
    publicUrl = new URL(env.PUBLIC_URL ?? '');
  } catch {
    issue(
      'PUBLIC_URL',
      'is required with OIDC_PROVIDERS: the providers send the browser back to it',
    );
  }

  const providers: OidcProviderConfig[] = [];
  const seen = new Set<string>();
  for (const name of list) {
    if (!NAME.test(name)) {
      issue(
        'OIDC_PROVIDERS',
        `"${name}" is not a provider name (a letter, then up to 31 letters or digits)`,
      );
      continue;
    }
    if (seen.has(name)) {
      issue('OIDC_PROVIDERS', `"${name}" is listed twice`);
      continue;
    }
    seen.add(name);
    const prefix = `OIDC_${name.toUpperCase()}_`;
    const read = (key: string) => env[`${prefix}${key}`]?.trim() ?? '';

    const issuerText = read('ISSUER');
    let issuer: URL | null = null;
    try {
      issuer = new URL(issuerText);
    } catch {
      issue(
        `${prefix}ISSUER`,
        "must be the provider's issuer URL, e.g. https://accounts.google.com",
      );
    }
    const loopback = issuer !== null && LOOPBACK_HOSTS.has(issuer.hostname);
    if (issuer && issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && loopback)) {
      issue(`${prefix}ISSUER`, 'must be an https URL (plain http only for localhost)');
      issuer = null;
    }
    const clientId = read('CLIENT_ID');
    if (!clientId) issue(`${prefix}CLIENT_ID`, 'is required');
    const clientSecret = read('CLIENT_SECRET');
    if (!clientSecret) issue(`${prefix}CLIENT_SECRET`, 'is required');
    const label = read('LABEL') || name.charAt(0).toUpperCase() + name.slice(1);
    if (label.length > 40) issue(`${prefix}LABEL`, 'must be at most 40 characters');

    if (issuer && publicUrl && clientId && clientSecret) {
      providers.push({
        name,
        label,
        issuer,
        clientId,
        clientSecret,
        redirectUri: new URL(`/api/auth/oidc/${name}/callback`, publicUrl).toString(),
        allowInsecureRequests: issuer.protocol === 'http:',
      });
    }
  }
  return { providers, issues };
}
