import { POSTER_STAGE_ACTIONS, posterMovesFrom } from '@arena/shared/application.schema';
import type { ApplicationStage, PosterStage } from '@arena/shared/application.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { applicationKeys, useApplicationDetailQuery } from '../application-queries.ts';
import { ApplicationHistory } from './application-history.tsx';
import { ApplicationNotes } from './application-notes.tsx';
import { StageDialog } from './stage-dialog.tsx';

/**
 * The opened application's pipeline: the moves allowed from its stage, its history and the
 * poster's private notes. Loading it marks a pending application viewed.
 */
export function ApplicationPipeline({
  applicationId,
  athleteName,
  listedStage,
}: {
  applicationId: string;
  athleteName: string;
  /** The stage the card shows: the lists reload when the server's is newer. */
  listedStage: ApplicationStage;
}) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const detail = useApplicationDetailQuery(applicationId);
  const [move, setMove] = useState<PosterStage | null>(null);
  const stage = detail.data?.status;

  useEffect(() => {
    if (stage && stage !== listedStage)
      void queryClient.invalidateQueries({ queryKey: applicationKeys.lists() });
  }, [stage, listedStage, queryClient]);

  if (detail.isPending)
    return (
      <div className="grid place-items-center py-4">
        <Spinner label="Loading the application..." />
      </div>
    );
  if (!detail.data)
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
        <span>{detail.error.message}</span>
        <Button size="sm" variant="outline" onClick={() => void detail.refetch()}>
          Retry
        </Button>
      </div>
    );

  const moves = posterMovesFrom(detail.data.status);
  return (
    <div className="grid gap-4 border-t border-slate-100 pt-3">
      <section aria-labelledby={headingId} className="grid gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-900">
          Pipeline
        </h4>
        {moves.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {moves.map((to) => (
              <Button
                key={to}
                size="sm"
                variant={to === 'declined' ? 'outline' : 'secondary'}
                className={
                  to === 'declined' ? 'border-red-700 text-red-800 hover:bg-red-50' : undefined
                }
                onClick={() => setMove(to)}
              >
                {POSTER_STAGE_ACTIONS[to]}
              </Button>
            ))}
          </div>
        ) : null}
        <ApplicationHistory history={detail.data.history} />
      </section>
      <ApplicationNotes applicationId={applicationId} notes={detail.data.notes} />
      <StageDialog
        applicationId={applicationId}
        athleteName={athleteName}
        stage={move}
        onClose={() => setMove(null)}
      />
    </div>
  );
}
