import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';

import type { Post } from '@arena/shared/post.schema';

import { signInThroughUi } from '../fixtures/auth-screen.ts';
import { accessTokenFor, contextOptions, verifyThroughApi } from '../fixtures/offers.ts';
import { scrollUntilPost } from '../fixtures/posts.ts';
import { searchBox } from '../fixtures/profiles.ts';
import { expect, test } from '../fixtures/test.ts';
import { makeUser, registerUser } from '../fixtures/users.ts';
import type { TestUser } from '../fixtures/users.ts';
import {
  PAYLOADS,
  RUN,
  api,
  expectNothingRan,
  expectSecurityHeaders,
  longPayload,
  shortPayload,
  watchForExecution,
} from '../fixtures/xss.ts';

/** Each stored payload, by where it was typed. */
const text = {
  attackerName: `Eve ${RUN} ${PAYLOADS.img}${PAYLOADS.svg}`,
  clubName: `Club ${RUN} ${PAYLOADS.img}${PAYLOADS.svg}`,
  requesterName: `Req ${RUN} ${PAYLOADS.img}${PAYLOADS.svg}`,
  bio: longPayload('Bio'),
  about: longPayload('About'),
  position: shortPayload('Pos'),
  nationalities: longPayload('Nat'),
  team: shortPayload('Team'),
  awardTitle: shortPayload('Award'),
  awardDescription: longPayload('Award text'),
  post: `${longPayload('Post')} https://example.test/${PAYLOADS.svg}`,
  comment: longPayload('Comment'),
  message: longPayload('Message'),
  offerTitle: `Offer ${RUN} ${PAYLOADS.script}${PAYLOADS.img}`,
  offerOrganization: shortPayload('Org'),
  offerLocation: shortPayload('Loc'),
  offerPositions: longPayload('Positions'),
  offerSalary: shortPayload('Pay'),
  offerDescription: longPayload('Description'),
  offerRequirements: longPayload('Requirements'),
  applicationPosition: shortPayload('Role'),
  applicationTeam: shortPayload('Club'),
  applicationWhy: longPayload('Why'),
  applicationAchievements: longPayload('Achievements'),
  applicationAvailability: longPayload('Availability'),
  requestOrganization: shortPayload('Org'),
  requestContact: longPayload('Contact'),
  requestInfo: longPayload('Info'),
  requestWebsite: `https://example.test/${RUN}/"><svg/onload=alert(1)>`,
};

interface Stored {
  attacker: TestUser;
  club: TestUser;
  requester: TestUser;
  post: Post;
}

/** Stores every payload through the API: profile, CV, post, comment, message, offer, application, request. */
async function storePayloads(request: APIRequestContext, admin: TestUser): Promise<Stored> {
  const attacker = await registerUser(request, makeUser({ fullName: text.attackerName }));
  const club = await registerUser(request, makeUser({ userType: 'club', fullName: text.clubName }));
  const requester = await registerUser(
    request,
    makeUser({ userType: 'coach', fullName: text.requesterName }),
  );
  await verifyThroughApi(request, admin, club);
  const token = await accessTokenFor(request, attacker);
  const clubToken = await accessTokenFor(request, club);

  await api(request, token, 'PATCH', '/api/me/profile', {
    fullName: attacker.fullName,
    username: attacker.username,
    bio: text.bio,
  });
  await api(request, token, 'PATCH', '/api/me/cv/athlete', {
    aboutPlayer: text.about,
    mainPosition: text.position,
    nationalities: text.nationalities,
  });
  await api(request, token, 'POST', '/api/me/cv/career', {
    season: '2024/25',
    teamName: text.team,
  });
  await api(request, token, 'POST', '/api/me/cv/awards', {
    title: text.awardTitle,
    description: text.awardDescription,
  });
  const post = (await (
    await api(
      request,
      token,
      'POST',
      '/api/posts',
      { content: text.post, sport: 'football', mediaId: null },
      201,
    )
  ).json()) as Post;
  await api(
    request,
    token,
    'POST',
    `/api/posts/${post.id}/comments`,
    { content: text.comment },
    201,
  );

  const conversation = (await (
    await api(request, token, 'POST', '/api/conversations', { username: club.username })
  ).json()) as { id: string };
  await api(
    request,
    token,
    'POST',
    `/api/conversations/${conversation.id}/messages`,
    { content: text.message, mediaId: null },
    201,
  );

  const offer = (await (
    await api(
      request,
      clubToken,
      'POST',
      '/api/offers',
      {
        title: text.offerTitle,
        organizationName: text.offerOrganization,
        location: text.offerLocation,
        leagueLevel: shortPayload('L'),
        sport: 'football',
        positions: text.offerPositions,
        contractType: 'Full Season',
        salary: text.offerSalary,
        description: text.offerDescription,
        requirements: text.offerRequirements,
      },
      201,
    )
  ).json()) as { id: string };
  await api(
    request,
    token,
    'POST',
    `/api/offers/${offer.id}/applications`,
    {
      athleteName: attacker.fullName,
      email: attacker.email,
      sport: shortPayload('S'),
      currentTeam: text.applicationTeam,
      positionRole: text.applicationPosition,
      yearsExperience: 3,
      achievements: text.applicationAchievements,
      heightWeight: shortPayload('HW'),
      availability: text.applicationAvailability,
      whyInterested: text.applicationWhy,
      willingToRelocate: true,
      desiredContractDuration: 'Short-Term',
      consentPrivacyPolicy: true,
      consentDataSharing: true,
      cvUploadId: null,
    },
    201,
  );

  // A javascript: link is refused as a website; markup inside an https address is kept as text.
  const requesterToken = await accessTokenFor(request, requester);
  const verification = {
    fullName: requester.fullName,
    organizationName: text.requestOrganization,
    organizationType: 'coach',
    email: requester.email,
    phone: '',
    officialContact: text.requestContact,
    additionalInfo: text.requestInfo,
  };
  for (const website of [PAYLOADS.js, 'JaVaScRiPt:alert(1)', `data:text/html,${PAYLOADS.script}`]) {
    await api(
      request,
      requesterToken,
      'POST',
      '/api/me/verification',
      { ...verification, website },
      400,
    );
  }
  await api(
    request,
    requesterToken,
    'POST',
    '/api/me/verification',
    { ...verification, website: text.requestWebsite },
    201,
  );
  return { attacker, club, requester, post };
}

/** A browser of its own, watched for any payload running, signed in as `user`. */
async function watchedPage(
  browser: Browser,
  user: TestUser,
): Promise<{ page: Page; dialogs: string[] }> {
  const context = await browser.newContext(contextOptions());
  const page = await context.newPage();
  const dialogs = await watchForExecution(page);
  await signInThroughUi(page, user);
  return { page, dialogs };
}

async function expectText(scope: Page | Locator, ...values: string[]) {
  for (const value of values) await expect(scope.getByText(value).first()).toBeVisible();
}

test('stored markup and script stay text on every screen, and never run', async ({
  browser,
  request,
  admin,
}) => {
  test.setTimeout(180_000);
  const { attacker, club, requester } = await storePayloads(request, admin);

  // The club, as the one reading what the attacker wrote.
  const { page, dialogs } = await watchedPage(browser, club);

  // Profile: name, bio, CV sections, posts.
  await page.goto(`/profile/${attacker.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.attackerName);
  await expectText(page, text.bio, text.about, text.position, text.nationalities);
  await expectText(page, text.team, text.awardTitle, text.awardDescription);
  await expectText(page, longPayload('Post'));
  await expectNothingRan(page, dialogs, 'profile');

  // Feed: the post, its link, and its comments.
  await page.goto('/feed');
  const card = await scrollUntilPost(page, longPayload('Post'));
  await expect(card.getByText(text.attackerName).first()).toBeVisible();
  await expect(card.getByRole('link', { name: 'https://example.test/' })).toHaveAttribute(
    'href',
    'https://example.test/',
  );
  await card.getByRole('button', { name: /^Comments/ }).click();
  await expectText(card.getByRole('region', { name: 'Comments' }), text.comment);
  await expectNothingRan(page, dialogs, 'feed');

  // Search: the name in the dropdown.
  await searchBox(page).fill(attacker.username);
  await expectText(page.getByRole('listbox'), text.attackerName);
  await expectNothingRan(page, dialogs, 'search');

  // Messages: the conversation list and the chat.
  await page.goto('/messages');
  const conversation = page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: text.attackerName });
  await expect(conversation).toContainText(text.message);
  await conversation.click();
  await expectText(
    page.getByRole('list', { name: `Messages with ${text.attackerName}` }),
    text.message,
  );
  await expectNothingRan(page, dialogs, 'messages');

  // Offers: the card among everyone's offers.
  await page.goto('/offers');
  const offerCard = page.getByRole('article', { name: text.offerTitle });
  await expect(offerCard).toBeVisible();
  await expectText(offerCard, text.offerOrganization, text.offerLocation, text.offerSalary);
  await expectText(offerCard, text.offerDescription);
  await expectNothingRan(page, dialogs, 'offers');

  // Post Offers: the posted offer and its details.
  await page.goto('/post-offer');
  const posted = page.getByRole('region', { name: 'Your Posted Offers' });
  await expect(posted.getByRole('heading', { name: text.offerTitle })).toBeVisible();
  await posted.getByRole('button', { name: `View details of ${text.offerTitle}` }).click();
  const details = page.getByRole('dialog', { name: text.offerTitle });
  await expectText(details, text.offerPositions, text.offerDescription, text.offerRequirements);
  await expectNothingRan(page, dialogs, 'post offer');
  await page.keyboard.press('Escape');

  // Applications received: the attacker's application.
  await page.goto('/applications-received');
  const application = page.getByRole('article', { name: text.attackerName });
  await expect(application).toContainText(`Applied to: ${text.offerTitle}`);
  // Each application is a compact row; its answers show once opened.
  await application.getByRole('button', { name: `Show details of ${text.attackerName}` }).click();
  await expectText(
    application,
    text.applicationPosition,
    text.applicationTeam,
    text.applicationAvailability,
    text.applicationWhy,
    text.applicationAchievements,
  );
  await expectNothingRan(page, dialogs, 'applications received');

  // Verification management, as the admin: the request and its website link.
  const { page: adminPage, dialogs: adminDialogs } = await watchedPage(browser, admin);
  await adminPage.goto('/verify');
  const requestCard = adminPage.getByRole('article', { name: requester.fullName });
  await expect(requestCard).toBeVisible();
  await expectText(requestCard, text.requestOrganization, text.requestContact, text.requestInfo);
  await expect(requestCard.getByRole('link', { name: text.requestWebsite })).toHaveAttribute(
    'href',
    text.requestWebsite,
  );
  await expectNothingRan(adminPage, adminDialogs, 'verify');
});

test('the page and the API carry a strict Content-Security-Policy, nosniff and a Referrer-Policy', async ({
  request,
}) => {
  const page = await request.get('/');
  expect(page.status()).toBe(200);
  expect(page.headers()['content-type']).toMatch(/^text\/html/);
  expectSecurityHeaders(page.headers(), 'GET /');

  const clientRoute = await request.get('/profile/someone');
  expect(clientRoute.headers()['content-type']).toMatch(/^text\/html/);
  expectSecurityHeaders(clientRoute.headers(), 'GET /profile/someone');

  // The page loads its scripts from its own origin only: no inline script for the policy to allow.
  const html = await page.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  const script = /<script[^>]*\bsrc="([^"]+)"/i.exec(html)?.[1];
  expect(script, 'a script tag with src').toMatch(/^\/assets\//);
  const asset = await request.get(script!);
  expect(asset.headers()['content-type']).toMatch(/javascript/);
  expectSecurityHeaders(asset.headers(), `GET ${script}`);

  for (const url of ['/api/health', '/api/offers', '/api/auth/session', '/api/no-such-route']) {
    const response = await request.get(url);
    expect(response.headers()['content-type'], url).toMatch(/^application\/json/);
    expectSecurityHeaders(response.headers(), `GET ${url}`);
  }
});
