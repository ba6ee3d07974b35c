import type { FastifyInstance } from 'fastify';

/** Where the app under test pretends to live (its PUBLIC_URL). */
export const APP_ORIGIN = 'http://arena.test';

interface StoredCookie {
  value: string;
  path: string;
}

export interface BrowserResponse {
  url: URL;
  status: number;
  location: URL | null;
  body: string;
}

/**
 * Just enough of a browser to walk an OpenID Connect flow: a cookie jar per host, form posts,
 * and redirects followed by hand. Requests to the app go through `app.inject()`; requests to the
 * provider go over real HTTP.
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, StoredCookie>>();

  constructor(private readonly app: FastifyInstance) {}

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name)?.value;
  }

  setCookie(host: string, name: string, value: string, path = '/') {
    const cookies = this.jar.get(host) ?? new Map<string, StoredCookie>();
    cookies.set(name, { value, path });
    this.jar.set(host, cookies);
  }

  deleteCookie(host: string, name: string) {
    this.jar.get(host)?.delete(name);
  }

  clearCookies(host: string) {
    this.jar.delete(host);
  }

  async request(
    target: string | URL,
    init: {
      method?: 'GET' | 'POST' | 'DELETE';
      form?: Record<string, string>;
      json?: unknown;
    } = {},
    headers: Record<string, string> = {},
  ): Promise<BrowserResponse> {
    const url = new URL(target, APP_ORIGIN);
    const method = init.method ?? (init.form || init.json ? 'POST' : 'GET');
    const cookie = this.cookieHeader(url);
    const allHeaders: Record<string, string> = { ...headers, ...(cookie ? { cookie } : {}) };
    let body: string | undefined;
    if (init.form) {
      allHeaders['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    } else if (init.json !== undefined) {
      allHeaders['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }

    let status: number;
    let setCookies: string[];
    let location: string | undefined;
    let text: string;
    if (url.origin === APP_ORIGIN) {
      const response = await this.app.inject({
        method,
        url: url.pathname + url.search,
        headers: allHeaders,
        ...(body === undefined ? {} : { payload: body }),
      });
      status = response.statusCode;
      const raw = response.headers['set-cookie'];
      setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      const header = response.headers.location;
      location = typeof header === 'string' ? header : undefined;
      text = response.body;
    } else {
      const response = await fetch(url, {
        method,
        headers: allHeaders,
        ...(body === undefined ? {} : { body }),
        redirect: 'manual',
      });
      status = response.status;
      setCookies = response.headers.getSetCookie();
      location = response.headers.get('location') ?? undefined;
      text = await response.text();
    }
    for (const header of setCookies) this.store(url, header);
    return { url, status, location: location ? new URL(location, url) : null, body: text };
  }

  /**
   * Follows redirects from `response` until a page: anything that is not a redirect, or a
   * redirect to one of the app's pages (outside /api), which is returned unvisited as `location`.
   */
  async follow(response: BrowserResponse): Promise<BrowserResponse> {
    let current = response;
    for (let hops = 0; hops < 20; hops += 1) {
      const next = current.location;
      if (current.status < 300 || current.status >= 400 || !next) return current;
      if (next.origin === APP_ORIGIN && !next.pathname.startsWith('/api/')) return current;
      current = await this.request(next);
    }
    throw new Error('too many redirects');
  }

  private cookieHeader(url: URL): string {
    const cookies = this.jar.get(url.hostname);
    if (!cookies) return '';
    return [...cookies]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  private store(url: URL, header: string) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    let path = '/';
    let expired = false;
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.split('=');
      const lower = key.toLowerCase();
      if (lower === 'path') path = attributeValue;
      if (lower === 'max-age' && Number(attributeValue) <= 0) expired = true;
      if (lower === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
    }
    if (expired || value === '') this.deleteCookie(url.hostname, name);
    else this.setCookie(url.hostname, name, value, path);
  }
}

/** The action of the provider's login form, from its HTML. */
export function loginFormAction(page: BrowserResponse): URL {
  const match = /<form[^>]*action="([^"]+)"/.exec(page.body);
  if (!match?.[1]) throw new Error(`no login form on ${page.url.toString()}:\n${page.body}`);
  return new URL(match[1].replaceAll('&amp;', '&'), page.url);
}
