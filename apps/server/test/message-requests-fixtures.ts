import { sql } from 'drizzle-orm';
import { expect } from 'vitest';

import type {
  Conversation,
  MessagePage,
  MessagePolicy,
  MessageRequestPage,
} from '@arena/shared/message.schema';
import type { SettingsPage } from '@arena/shared/settings-page.schema';

import { selectRows } from '../src/db/database.ts';
import { signUp, type SignedUp } from './fixtures.ts';
import type { TestContext } from './harness.ts';
import { forgetBirthdate } from './minors-fixtures.ts';
import { offersHelpers } from './offers-fixtures.ts';

/**
 * The message request suites' members (adults, minors, clubs) and steps: the setting, opening
 * and writing, the lists, the answers to a request, and what was stored or queued.
 */
export function messageRequestHelpers(context: () => TestContext) {
  const { inject, verifiedClub } = offersHelpers(context);

  const setBirthdate = async (user: SignedUp, birthdate: string) => {
    const cv = await context().app.inject({
      method: 'PATCH',
      url: '/api/me/cv/athlete',
      headers: user.bearer,
      payload: { sport: 'football', birthdate },
    });
    expect(cv.statusCode, cv.body).toBe(200);
  };
  /**
   * A player with a birthdate on their CV (an adult unless `birthdate` says otherwise); null:
   * an account from before sign-up asked for one, a minor until they give it.
   */
  const player = async (birthdate: string | null = '1995-04-02') => {
    const user = await signUp(context());
    if (birthdate !== null) await setBirthdate(user, birthdate);
    else await forgetBirthdate(context(), user);
    return user;
  };
  const minor = () => player('2011-03-01');
  const unverifiedClub = () => signUp(context(), { userType: 'club' });

  const setPolicy = (user: SignedUp, policy: MessagePolicy) =>
    inject('PUT', '/api/me/message-policy', user, { policy });
  const policyOf = async (user: SignedUp) =>
    (await inject('GET', '/api/me/settings', user)).json<SettingsPage>().messagePolicy;
  const open = (from: SignedUp, to: SignedUp) =>
    inject('POST', '/api/conversations', from, { username: to.input.username });
  const openId = async (from: SignedUp, to: SignedUp) => {
    const response = await open(from, to);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: string }>().id;
  };
  const send = (from: SignedUp, id: string, content = 'Hello') =>
    inject('POST', `/api/conversations/${id}/messages`, from, { content });
  /** Opens and sends a first message; returns the conversation's id. */
  const write = async (from: SignedUp, to: SignedUp, content = 'Hello') => {
    const id = await openId(from, to);
    const sent = await send(from, id, content);
    expect(sent.statusCode, sent.body).toBe(201);
    return id;
  };
  const listed = async (user: SignedUp) =>
    (await inject('GET', '/api/conversations', user)).json<Conversation[]>().map((c) => c.id);
  const requests = async (user: SignedUp, query = '') =>
    (await inject('GET', `/api/conversations/requests${query}`, user)).json<MessageRequestPage>();
  const counts = async (user: SignedUp) =>
    (await inject('GET', '/api/me/unread-messages', user)).json<{
      unread: number;
      requests: number;
    }>();
  const answer = (user: SignedUp, id: string, action: 'accept' | 'decline' | 'block') =>
    inject('POST', `/api/conversations/${id}/${action}`, user);
  const readFlags = async (user: SignedUp, id: string) =>
    (await inject('GET', `/api/conversations/${id}/messages`, user))
      .json<MessagePage>()
      .items.map((m) => m.read);
  const noticesFor = async (recipient: SignedUp) => {
    const rows = await selectRows<{ n: number }>(
      context().database.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = 'message-notice' AND data->>'recipientId' = ${recipient.session.profile.id}`,
    );
    return rows[0]?.n ?? 0;
  };
  const conversationsOf = async (user: SignedUp) => {
    const rows = await selectRows<{ n: number }>(
      context().database.db,
      sql`SELECT count(*)::int AS n FROM conversations
          WHERE user1_id = ${user.session.profile.id}::uuid OR user2_id = ${user.session.profile.id}::uuid`,
    );
    return rows[0]?.n ?? 0;
  };

  return {
    inject,
    verifiedClub,
    setBirthdate,
    player,
    minor,
    unverifiedClub,
    setPolicy,
    policyOf,
    open,
    openId,
    send,
    write,
    listed,
    requests,
    counts,
    answer,
    readFlags,
    noticesFor,
    conversationsOf,
  };
}
