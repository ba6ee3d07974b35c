import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  APPLICATION_STAGES,
  type ApplicationStage,
  canMoveStage,
  FINAL_STAGES,
  POSTER_STAGES,
  posterMovesFrom,
  type StageMover,
  WITHDRAWABLE_STAGES,
} from '@arena/shared/application.schema';

const stage = fc.constantFrom(...APPLICATION_STAGES);
const mover = fc.constantFrom<StageMover>('poster', 'athlete', 'system');
const attempt = fc.record({ mover, to: stage });
const rank = (s: ApplicationStage) => APPLICATION_STAGES.indexOf(s);

/** Plays attempts from `pending`, keeping those the rules allow: the stages it went through. */
function play(attempts: { mover: StageMover; to: ApplicationStage }[]) {
  const path: { from: ApplicationStage; to: ApplicationStage; mover: StageMover }[] = [];
  let at: ApplicationStage = 'pending';
  for (const { mover: who, to } of attempts) {
    if (!canMoveStage(at, to, who)) continue;
    path.push({ from: at, to, mover: who });
    at = to;
  }
  return { path, at };
}

describe('the stages an application may move through', () => {
  it('never moves a signed or withdrawn application, whoever asks', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FINAL_STAGES), stage, mover, (from, to, who) => {
        expect(canMoveStage(from, to, who)).toBe(false);
      }),
    );
  });

  it('moves forward only, except a declined one reconsidered', () => {
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 30 }), (attempts) => {
        for (const step of play(attempts).path) {
          if (step.from === 'declined') {
            expect(step.mover).toBe('poster');
            expect(['shortlisted', 'trial', 'offered']).toContain(step.to);
          } else if (step.to !== 'declined' && step.to !== 'withdrawn') {
            expect(rank(step.to)).toBeGreaterThan(rank(step.from));
          }
        }
      }),
    );
  });

  it('gives each stage to the one who may set it', () => {
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 30 }), (attempts) => {
        for (const step of play(attempts).path) {
          if (step.to === 'viewed')
            expect(step).toMatchObject({ from: 'pending', mover: 'system' });
          if (step.to === 'withdrawn') {
            expect(step.mover).toBe('athlete');
            expect(WITHDRAWABLE_STAGES).toContain(step.from);
          }
          if (step.mover === 'poster') expect(POSTER_STAGES).toContain(step.to);
          expect(step.to).not.toBe('pending');
        }
      }),
    );
  });

  it('offers the poster exactly the moves the rules allow', () => {
    for (const from of APPLICATION_STAGES) {
      expect(posterMovesFrom(from)).toEqual(
        POSTER_STAGES.filter((to) => canMoveStage(from, to, 'poster')),
      );
    }
    expect(posterMovesFrom('pending')).toEqual(POSTER_STAGES);
    expect(posterMovesFrom('offered')).toEqual(['signed', 'declined']);
    expect(posterMovesFrom('declined')).toEqual(['shortlisted', 'trial', 'offered']);
    expect(posterMovesFrom('signed')).toEqual([]);
  });
});
