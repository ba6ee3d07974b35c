import type { APIRequestContext, Page } from '@playwright/test';

import { horizontalOverflow } from '../fixtures/app-shell.ts';
import { expectToast } from '../fixtures/auth-screen.ts';
import { expectNoSeriousA11yViolations } from '../fixtures/axe.ts';
import { gradientJpeg } from '../fixtures/media.ts';
import { dismissToasts } from '../fixtures/offers.ts';
import { type ApiMember, apiSignIn, createPhotoPost, uniqueText } from '../fixtures/posts.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({ viewport: { width: 1366, height: 768 } });

/** The athlete's CV, through the API: sport facts, a season, an award. */
async function fillCv(request: APIRequestContext, member: ApiMember, team: string, award: string) {
  const headers = { Authorization: `Bearer ${member.token}` };
  for (const [method, path, data] of [
    [
      'PATCH',
      '/api/me/cv/athlete',
      { sport: 'basketball', mainPosition: 'Point guard', heightCm: 188 },
    ],
    ['POST', '/api/me/cv/career', { season: '2025/26', teamName: team }],
    ['POST', '/api/me/cv/awards', { title: award }],
  ] as const) {
    const response = await request.fetch(path, { method, headers, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  }
}

/** The page's head as the server wrote it, before any script ran. */
async function headTag(page: Page, selector: string, attribute: string) {
  return page.locator(`head ${selector}`).first().getAttribute(attribute);
}

test('an adult player shares a public profile of the sections they choose; off, it is gone', async ({
  browser,
  request,
  player,
  playerPage: page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await apiSignIn(request, player);
  const team = uniqueText('Lisbon Hoops');
  const award = uniqueText('League MVP');
  await fillCv(request, member, team, award);
  const caption = uniqueText('Buzzer beater');
  await createPhotoPost(request, member, caption, await gradientJpeg(page, 320, 200));

  // Settings → Public profile: off by default; on, with two sections unticked.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Public profile' });
  const toggle = section.getByRole('switch', { name: 'Show my public profile' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expectToast(page, 'Public profile saved');
  await expect(toggle).toBeChecked();
  const url = `${baseURL}/p/${player.username}`;
  await expect(section.getByRole('textbox', { name: 'Your public profile’s link' })).toHaveValue(
    url,
  );
  for (const name of ['Awards and achievements', 'Availability']) {
    const box = section.getByRole('checkbox', { name });
    await expect(box).toBeEnabled();
    await box.click();
    await expect(box).not.toBeChecked();
    await expect(section.getByRole('checkbox', { name: 'Career' })).toBeEnabled();
  }
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, testInfo, '#public-profile');

  // A visitor, signed out, sees exactly those sections.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const response = await visitor.goto(`/p/${player.username}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: player.fullName })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Sport' })).toContainText('Point guard');
  await expect(visitor.getByRole('region', { name: 'Sport' })).toContainText('188 cm');
  await expect(visitor.getByRole('region', { name: 'Career' })).toContainText(team);
  const highlights = visitor.getByRole('region', { name: 'Highlights' });
  await expect(highlights).toContainText(caption);
  await expect(
    highlights.getByRole('img', { name: `Photo posted by ${player.fullName}` }),
  ).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Awards/Achievements' })).toHaveCount(0);
  await expect(visitor.getByRole('region', { name: 'Availability' })).toHaveCount(0);
  await expect(visitor.getByText(award)).toHaveCount(0);
  await expect(visitor.locator('body')).not.toContainText(player.email);
  await expect(visitor.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Join Arena' }).first()).toBeVisible();

  // The head: title, Open Graph, Twitter card, canonical, and noindex (search engines not allowed).
  const title = `${player.fullName} (@${player.username}) | Arena`;
  await expect(visitor).toHaveTitle(title);
  expect(await headTag(visitor, 'meta[property="og:title"]', 'content')).toBe(title);
  expect(await headTag(visitor, 'meta[property="og:type"]', 'content')).toBe('profile');
  expect(await headTag(visitor, 'meta[property="og:url"]', 'content')).toBe(url);
  expect(await headTag(visitor, 'meta[name="twitter:card"]', 'content')).toBe('summary');
  expect(await headTag(visitor, 'link[rel="canonical"]', 'href')).toBe(url);
  expect(await headTag(visitor, 'meta[name="robots"]', 'content')).toBe('noindex');
  expect(await headTag(visitor, 'meta[name="description"]', 'content')).toContain(
    'Basketball player · Point guard',
  );
  await expectNoSeriousA11yViolations(visitor, testInfo);

  // On a 375 px screen it fits.
  await visitor.setViewportSize({ width: 375, height: 812 });
  await expect(visitor.getByRole('region', { name: 'Career' })).toBeVisible();
  expect((await horizontalOverflow(visitor)).scrollWidth).toBeLessThanOrEqual(375);
  await expectNoSeriousA11yViolations(visitor, testInfo);

  // Search engines allowed: the page no longer says noindex.
  await section.getByRole('checkbox', { name: 'Allow search engines to show my profile' }).click();
  await expectToast(page, 'Public profile saved');
  const indexed = await request.get(`/p/${player.username}`);
  expect(indexed.status()).toBe(200);
  expect(await indexed.text()).not.toContain('noindex');

  // Turned off: the page is a 404 with nothing of the member.
  await dismissToasts(page);
  await toggle.click();
  await expectToast(page, 'Your public profile is off');
  await expect(toggle).not.toBeChecked();
  const gone = await visitor.goto(`/p/${player.username}`);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: 'Profile not found' })).toBeVisible();
  await expect(visitor.getByText(team)).toHaveCount(0);
  expect(await headTag(visitor, 'meta[name="robots"]', 'content')).toBe('noindex');
  expect(await visitor.locator('head meta[property="og:title"]').count()).toBe(0);
  await expectNoSeriousA11yViolations(visitor, testInfo);
  await visitorContext.close();
});
