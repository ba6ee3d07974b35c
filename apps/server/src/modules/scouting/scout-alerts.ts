import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { SavedSearchesRepository } from './saved-searches.repository.ts';
import { queryStringOf, scoutQueryOf } from './saved-searches.service.ts';

/** Every quarter of an hour: the saved searches whose day is up. */
const SWEEP_CRON = '*/15 * * * *';
/** How many searches one sweep queues; a longer list queues the next sweep at once. */
const SWEEP_BATCH = 500;
/** How many athletes one alert names and counts; more are found the next day. */
const ALERT_MOST = 50;
/** A CV that changed brings the sweep this soon (many changes, one sweep). */
const NUDGE_SECONDS = 5;

/**
 * Saved searches' alerts (issue 24), on the job queue, never on a request's path. A sweep (every
 * 15 minutes, and soon after an athlete's CV changes) queues one job per search whose last look
 * is a day old (`intervalSeconds`); the job finds athletes who newly match for the search's
 * owner, records them so that none is told twice, and adds them to one notification entry for
 * the search, which reaches the owner in the app, by email and by push as their preferences for
 * "New athletes matching your saved searches" say.
 */
export async function startScoutAlerts(deps: {
  db: Database;
  jobs: JobQueue;
  repo: SavedSearchesRepository;
  notifications: Pick<NotificationsService, 'record' | 'announce'>;
  verifiedOrAdmin: (profileId: string) => Promise<boolean>;
  intervalSeconds: number;
}) {
  const { db, jobs, repo, notifications } = deps;

  jobs.work('scout-alert-sweep', async () => {
    const due = await repo.due(deps.intervalSeconds, SWEEP_BATCH);
    for (const searchId of due) {
      // A search stays due until its look has run: a sweep before that (the next quarter hour,
      // a CV's nudge) would queue it again. One look a search in each interval: a look that
      // ran makes the search due again only an interval later, in the next window.
      await jobs.send(
        null,
        'scout-alert',
        { searchId },
        { key: `scout-alert:${searchId}`, throttleSeconds: deps.intervalSeconds },
      );
    }
    if (due.length === SWEEP_BATCH) await nudgeScoutAlerts(jobs, deps.intervalSeconds);
  });

  jobs.work('scout-alert', async (data) => {
    const { searchId } = data as { searchId: string };
    await runAlert(searchId);
  });

  async function runAlert(searchId: string): Promise<void> {
    const search = await repo.byId(searchId);
    if (!search?.alerts) return;
    const query = scoutQueryOf(search.filters);
    // An owner no longer verified is told nothing; the search waits for them (the look still
    // counts, so that it is not queued again at every sweep).
    const scouting = query !== null && (await deps.verifiedOrAdmin(search.profileId));
    const found = scouting
      ? await repo.newMatches(search.profileId, search, query, ALERT_MOST)
      : [];
    const told = await db.transaction(async (tx) => {
      const fresh = await repo.recordHits(tx, search.id, found);
      let recipient: string | null = null;
      // The oldest first, so that the entry names the latest.
      for (const athleteId of [...fresh].reverse()) {
        recipient =
          (await notifications.record(tx, {
            recipientId: search.profileId,
            kind: 'scout_alert',
            subjectId: search.id,
            actorId: athleteId,
            detail: queryStringOf(search.filters),
            subjectTitle: search.name,
          })) ?? recipient;
      }
      await repo.markChecked(tx, search.id);
      return recipient;
    });
    await notifications.announce([told]);
  }

  await jobs.schedule('scout-alert-sweep', SWEEP_CRON);
}

/**
 * Brings the sweep soon (one for many calls): an athlete's CV changed. Within the alerts'
 * interval when that is shorter (tests).
 */
export async function nudgeScoutAlerts(jobs: JobQueue, intervalSeconds: number): Promise<void> {
  const seconds = Math.min(NUDGE_SECONDS, intervalSeconds);
  await jobs.send(
    null,
    'scout-alert-sweep',
    {},
    {
      key: 'scout-alert-sweep',
      startAfter: new Date(Date.now() + seconds * 1000),
      throttleSeconds: seconds,
    },
  );
}
