import { expect } from 'vitest';

import type { ModerationCasePage, ReportInput } from '@arena/shared/moderation.schema';

import { signUp, type SignedUp } from './fixtures.ts';
import type { TestContext } from './harness.ts';
import { offersHelpers } from './offers-fixtures.ts';

/** The requests the moderation suites make: content to report, reports, the queue, decisions. */
export function moderationHelpers(context: () => TestContext) {
  const offers = offersHelpers(context);
  const { inject } = offers;

  const post = async (user: SignedUp, content = 'A post to report') => {
    const response = await inject('POST', '/api/posts', user, { content, sport: 'football' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const comment = async (user: SignedUp, postId: string, content = 'A comment to report') => {
    const response = await inject('POST', `/api/posts/${postId}/comments`, user, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const conversation = async (from: SignedUp, to: SignedUp) => {
    const response = await inject('POST', '/api/conversations', from, {
      username: to.input.username,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<{ id: string }>().id;
  };
  const message = async (from: SignedUp, conversationId: string, content: string) => {
    const response = await inject('POST', `/api/conversations/${conversationId}/messages`, from, {
      content,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const report = (
    by: SignedUp,
    targetType: ReportInput['targetType'],
    targetId: string,
    patch: Partial<ReportInput> = {},
  ) => inject('POST', '/api/reports', by, { targetType, targetId, reason: 'spam', ...patch });
  const queue = async (query = '') => {
    const response = await inject('GET', `/api/moderation/cases${query}`, await offers.admin());
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ModerationCasePage>();
  };
  /** The open case of the item, from the queue. */
  const caseOf = async (targetId: string) => {
    const found = (await queue('?limit=50')).items.find(
      (item) => item.target.id === targetId && item.kind === 'reports',
    );
    if (!found) throw new Error(`no open case of ${targetId}`);
    return found;
  };
  const decide = async (caseId: string, body: object) =>
    inject('POST', `/api/moderation/cases/${caseId}/actions`, await offers.admin(), body);
  const member = (overrides = {}) => signUp(context(), overrides);

  return { ...offers, post, comment, conversation, message, report, queue, caseOf, decide, member };
}
