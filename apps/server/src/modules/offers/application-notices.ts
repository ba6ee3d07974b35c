import type { ApplicationStage } from '@arena/shared/application.schema';

import type { Executor } from '../../db/database.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { EventBus } from '../realtime/event-bus.ts';

/** An application that changed stage, and the two people it concerns. */
export interface MovedApplication {
  id: string;
  offerId: string;
  stage: ApplicationStage;
  applicantId: string;
  posterId: string;
}

/** A notification's id from `record`, or nothing when none was written. */
export type Told = string | null | undefined;

/**
 * Who hears of a stage change: the athlete by a notification written in the change's own
 * transaction, then, once committed, the bells of those notified and both sides' screens.
 */
export function createApplicationNotices(deps: {
  bus: EventBus;
  notifications?: Pick<NotificationsService, 'record' | 'announce'> | undefined;
}) {
  const { bus, notifications } = deps;
  return {
    /** The athlete hears of every change made by someone else, in the change's transaction. */
    async record(tx: Executor, change: MovedApplication, actorId: string): Promise<Told> {
      return notifications?.record(tx, {
        recipientId: change.applicantId,
        kind: 'application_update',
        subjectId: change.id,
        // The athlete sees what happened, not who at the club clicked.
        actorId: actorId === change.applicantId ? actorId : null,
        detail: change.stage,
      });
    },

    /** After the commit: the bells of those notified, and both sides' screens. */
    async tell(moved: MovedApplication[], notified: Told[]) {
      await notifications?.announce(notified);
      for (const change of moved) {
        for (const profileId of new Set([change.applicantId, change.posterId])) {
          await bus.publish({
            type: 'application.changed',
            topic: `inbox:${profileId}`,
            applicationId: change.id,
            offerId: change.offerId,
            stage: change.stage,
          });
        }
      }
    },
  };
}
