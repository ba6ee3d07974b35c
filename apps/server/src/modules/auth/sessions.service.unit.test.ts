import { MESSAGES } from '@arena/shared/messages';
import { describe, expect, it, vi } from 'vitest';

import { fakeOf } from '../../../test/unit/fake-of.ts';
import { expectRefusal } from '../../../test/unit/app-errors.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { SessionRevocations } from './session-revocations.ts';
import type { SessionsRepository } from './sessions.repository.ts';
import { createSessionsService } from './sessions.service.ts';

const NOW = new Date('2026-11-26T12:00:00Z');
const caller: AuthContext = { userId: 'u-1', profileId: 'p-1', aal: 'aal1', sessionId: 's-here' };

function setUp(repo: Partial<SessionsRepository>, active = true) {
  const sessions = fakeOf<SessionsRepository>({
    isActive: vi.fn(() => Promise.resolve(active)),
    ...repo,
  });
  const revocations = fakeOf<SessionRevocations>({ announce: vi.fn(() => Promise.resolve()) });
  return {
    sessions,
    revocations,
    service: createSessionsService(sessions, revocations, () => NOW),
  };
}

describe('sessions service', () => {
  it('lists the caller’s sessions, marking the current one and describing each device', async () => {
    const { sessions, service } = setUp({
      listActive: vi.fn(() =>
        Promise.resolve([
          {
            family_id: 's-here',
            user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
            ip: '192.0.2.1',
            persistent: true,
            created_at: '2026-11-20T10:00:00Z',
            last_used_at: new Date('2026-11-26T11:00:00Z'),
          },
          {
            family_id: 's-other',
            user_agent: null,
            ip: null,
            persistent: false,
            created_at: new Date('2026-11-21T10:00:00Z'),
            last_used_at: '2026-11-22T10:00:00Z',
          },
        ]),
      ),
    });
    await expect(service.list(caller)).resolves.toEqual([
      {
        id: 's-here',
        device: 'Firefox on Linux',
        mobile: false,
        ip: '192.0.2.1',
        createdAt: '2026-11-20T10:00:00.000Z',
        lastUsedAt: '2026-11-26T11:00:00.000Z',
        remembered: true,
        current: true,
      },
      {
        id: 's-other',
        device: 'Unknown device',
        mobile: false,
        ip: null,
        createdAt: '2026-11-21T10:00:00.000Z',
        lastUsedAt: '2026-11-22T10:00:00.000Z',
        remembered: false,
        current: false,
      },
    ]);
    expect(sessions.isActive).toHaveBeenCalledWith('u-1', 's-here', NOW);
    expect(sessions.listActive).toHaveBeenCalledWith('u-1', NOW);
  });

  it('refuses every action to a token without a session, and to an ended session', async () => {
    const noSession = setUp({ listActive: vi.fn(), revoke: vi.fn(), revokeAllBut: vi.fn() });
    const tokenWithout: AuthContext = { userId: 'u-1', profileId: 'p-1', aal: 'aal1' };
    for (const work of [
      noSession.service.list(tokenWithout),
      noSession.service.end(tokenWithout, 's-other'),
      noSession.service.endOthers(tokenWithout),
    ])
      await expectRefusal(work, 'unauthorized', MESSAGES.auth.sessionExpired);
    expect(noSession.sessions.isActive).not.toHaveBeenCalled();

    const ended = setUp({ listActive: vi.fn(), revoke: vi.fn(), revokeAllBut: vi.fn() }, false);
    for (const work of [
      ended.service.list(caller),
      ended.service.end(caller, 's-other'),
      ended.service.endOthers(caller),
    ])
      await expectRefusal(work, 'unauthorized', MESSAGES.auth.sessionExpired);
    expect(ended.sessions.revoke).not.toHaveBeenCalled();
    expect(ended.sessions.revokeAllBut).not.toHaveBeenCalled();
    expect(ended.sessions.listActive).not.toHaveBeenCalled();
    expect(ended.revocations.announce).not.toHaveBeenCalled();
  });

  it('ends one of the caller’s sessions and announces it', async () => {
    const { sessions, revocations, service } = setUp({
      revoke: vi.fn(() => Promise.resolve(true)),
    });
    await service.end(caller, 's-other');
    expect(sessions.revoke).toHaveBeenCalledWith('u-1', 's-other', NOW);
    expect(revocations.announce).toHaveBeenCalledWith(['s-other']);
  });

  it('answers 404 for a session that is not the caller’s (or already ended), announcing nothing', async () => {
    const { revocations, service } = setUp({ revoke: vi.fn(() => Promise.resolve(false)) });
    await expectRefusal(service.end(caller, 's-theirs'), 'not_found', MESSAGES.sessions.notFound);
    expect(revocations.announce).not.toHaveBeenCalled();
  });

  it('ends every other session, keeping the current one, and says how many', async () => {
    const { sessions, revocations, service } = setUp({
      revokeAllBut: vi.fn(() => Promise.resolve(['s-a', 's-b'])),
    });
    await expect(service.endOthers(caller)).resolves.toBe(2);
    expect(sessions.revokeAllBut).toHaveBeenCalledWith('u-1', 's-here', NOW);
    expect(revocations.announce).toHaveBeenCalledWith(['s-a', 's-b']);
  });
});
