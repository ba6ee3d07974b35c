import type { StageEvent, ApplicationNote } from '@arena/shared/application.schema';
import { cvFillRate } from '@arena/shared/cv-fill-rate';
import type { Application } from '@arena/shared/offer.schema';

import type { ApplicationsRepository } from './applications.repository.ts';

type Row<K extends 'received' | 'history' | 'notes'> = Awaited<
  ReturnType<ApplicationsRepository[K]>
>[number];

/** An application as its poster's list shows it: whether a CV came, and how full the CV is. */
export const toApplication = ({ cvPath, cv, ...row }: Row<'received'>): Application => ({
  ...row,
  hasCv: cvPath !== null,
  cvFillRate: cvFillRate({ ...cv, athlete: cv.athlete }),
  createdAt: row.createdAt.toISOString(),
  stageChangedAt: row.stageChangedAt.toISOString(),
});

/** A step of an application's history, as both sides see it. */
export const toEvent = ({ applicationId: _, ...row }: Row<'history'>): StageEvent => ({
  ...row,
  trialAt: row.trialAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A private note of the poster's (or an admin's) on an application. */
export const toNote = (row: Row<'notes'>): ApplicationNote => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});
