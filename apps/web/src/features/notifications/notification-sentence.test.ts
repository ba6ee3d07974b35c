import { describe, expect, it } from 'vitest';

import { ANA, BEN, notification } from '../../test/notification-data.ts';
import { notificationSentence } from './notification-sentence.ts';

const CARLA = { ...ANA, id: '1a000000-0000-4000-8000-000000000003', fullName: 'Carla Mendes' };

describe('notificationSentence', () => {
  it('names one, two, or the first and how many others', () => {
    expect(notificationSentence(notification({ actors: [ANA], actorCount: 1 }))).toBe(
      'Ana López liked your post',
    );
    expect(notificationSentence(notification({ actors: [ANA, BEN], actorCount: 2 }))).toBe(
      'Ana López and Ben Ode liked your post',
    );
    expect(notificationSentence(notification({ actors: [ANA, BEN], actorCount: 3 }))).toBe(
      'Ana López and 2 others liked your post',
    );
    expect(notificationSentence(notification({ actors: [ANA, BEN, CARLA], actorCount: 13 }))).toBe(
      'Ana López and 12 others liked your post',
    );
    expect(notificationSentence(notification({ actors: [], actorCount: 0 }))).toBe(
      'Someone liked your post',
    );
  });

  it('says what each kind is about', () => {
    const comment = {
      type: 'comment' as const,
      id: '4d000000-0000-4000-8000-000000000001',
      postId: '2b000000-0000-4000-8000-000000000001',
      excerpt: 'Great goal',
    };
    const post = { type: 'post' as const, id: comment.postId, excerpt: 'Match day' };
    const cases: [Parameters<typeof notification>[0], string][] = [
      [{ kind: 'follow', subject: { type: 'profile' } }, 'Ana López started following you'],
      [{ kind: 'like', subject: comment }, 'Ana López liked your comment'],
      [{ kind: 'repost', subject: post }, 'Ana López reposted your post'],
      [{ kind: 'comment', subject: comment }, 'Ana López commented on your post: “Great goal”'],
      [{ kind: 'comment', subject: post }, 'Ana López commented on your post'],
      [{ kind: 'mention', subject: post }, 'Ana López mentioned you in a post'],
      [{ kind: 'mention', subject: comment }, 'Ana López mentioned you in a comment'],
      [
        {
          kind: 'application',
          subject: {
            type: 'offer',
            id: '5e000000-0000-4000-8000-000000000001',
            title: 'U19 striker',
          },
        },
        'Ana López applied to your offer “U19 striker”',
      ],
      [
        {
          kind: 'application',
          subject: {
            type: 'offer',
            id: '5e000000-0000-4000-8000-000000000002',
            title: 'Full ride 2027',
            kind: 'scholarship',
          },
        },
        'Ana López applied to your scholarship “Full ride 2027”',
      ],
      [
        {
          kind: 'verification',
          actors: [],
          subject: { type: 'verification', decision: 'rejected' },
        },
        'Your verification request was rejected',
      ],
      [
        {
          kind: 'verification',
          actors: [],
          subject: { type: 'verification', decision: 'removed' },
        },
        'Your verification was removed',
      ],
      [
        {
          kind: 'moderation',
          actors: [],
          subject: {
            type: 'moderation',
            text: 'We reviewed your report of a post: we took action',
          },
        },
        'We reviewed your report of a post: we took action',
      ],
      [
        {
          kind: 'scout_alert',
          actorCount: 1,
          subject: {
            type: 'saved_search',
            id: '5b000000-0000-4000-8000-000000000001',
            name: 'U19 wingers',
          },
        },
        'Ana López matches your saved search “U19 wingers”',
      ],
      [
        {
          kind: 'scout_alert',
          actors: [ANA, BEN],
          actorCount: 7,
          subject: {
            type: 'saved_search',
            id: '5b000000-0000-4000-8000-000000000001',
            name: 'U19 wingers',
          },
        },
        'Ana López and 6 others match your saved search “U19 wingers”',
      ],
    ];
    for (const [overrides, sentence] of cases)
      expect(notificationSentence(notification(overrides))).toBe(sentence);
  });
});
