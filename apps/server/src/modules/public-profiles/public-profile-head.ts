import { SPORT_LABELS, USER_TYPE_LABELS } from '@arena/shared/constants';

import type { PageHead } from '../../http/web-app.ts';
import { escapeHtml } from '../mail/templates.ts';
import type { ShownProfile } from './public-profiles.service.ts';

/** Marks the tags the server wrote, so the page can take them away when the visitor leaves it. */
const HEAD_MARK = 'data-public-profile';

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" ${HEAD_MARK} />`;

const titleTag = (title: string) => `<title ${HEAD_MARK}>${escapeHtml(title)}</title>`;

/** "Football player · Forward", or "Club", from what the page shows. */
function summaryOf({ page }: ShownProfile): string {
  const kind = USER_TYPE_LABELS[page.userType];
  const sport = page.sport?.sport ? SPORT_LABELS[page.sport.sport] : null;
  const position = page.sport?.mainPosition ?? null;
  const who = sport ? `${sport} ${kind.toLowerCase()}` : kind;
  return position ? `${who} · ${position}` : who;
}

/** An absolute URL: stored files are linked from the site's root. */
const absolute = (publicUrl: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * The head of `/p/{username}` (issue 24): title, description, Open Graph and Twitter card tags,
 * the canonical link, and `noindex` unless the member allows search engines. Every value is
 * escaped. With no profile to show: a 404, the app's own title, `noindex`, and nothing of anyone.
 */
export function publicProfileHead(shown: ShownProfile | null, publicUrl: string): PageHead {
  if (!shown) {
    return {
      status: 404,
      head: [titleTag('Profile not found | Arena'), meta('name', 'robots', 'noindex')].join(
        '\n    ',
      ),
    };
  }
  const { page } = shown;
  const url = `${publicUrl}/p/${encodeURIComponent(page.username)}`;
  const title = `${page.fullName} (@${page.username}) | Arena`;
  const description = `${page.fullName} on Arena: ${summaryOf(shown)}.`;
  const image = page.avatarUrl ? absolute(publicUrl, page.avatarUrl) : null;
  const tags = [
    titleTag(title),
    meta('name', 'description', description),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', 'Arena'),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<link rel="canonical" href="${escapeHtml(url)}" ${HEAD_MARK} />`,
    ...(shown.allowIndexing ? [] : [meta('name', 'robots', 'noindex')]),
  ];
  return { status: 200, head: tags.join('\n    ') };
}
