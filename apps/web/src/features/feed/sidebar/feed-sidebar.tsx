import { CvFillCard } from './cv-fill-card.tsx';
import { SuggestionsCard } from './suggestions-card.tsx';
import { VisibilityCard } from './visibility-card.tsx';

/** The feed's right column: CV fill rate, profile visibility and suggested connections. */
export function FeedSidebar() {
  return (
    <aside aria-label="Your profile and suggestions" className="flex flex-col gap-4">
      <CvFillCard />
      <VisibilityCard />
      <SuggestionsCard />
    </aside>
  );
}
