import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { useHomeSidebar } from './home-queries.ts';
import { CvFillCard } from './cv-fill-card.tsx';
import { SuggestionsCard } from './suggestions-card.tsx';
import { VisibilityCard } from './visibility-card.tsx';

/** The feed's right column: CV fill rate, profile visibility and suggested connections. */
export function FeedSidebar() {
  const username = useCurrentUser()?.profile.username ?? '';
  // One request brings all three cards' data; until it has, they show their skeletons.
  const { ready } = useHomeSidebar(username);
  return (
    <aside aria-label="Your profile and suggestions" className="flex flex-col gap-4">
      <CvFillCard ready={ready} />
      <VisibilityCard ready={ready} />
      <SuggestionsCard ready={ready} />
    </aside>
  );
}
