import { DocumentTitle } from '../../components/document-title.tsx';
import { ClosingCta } from './closing-cta.tsx';
import { ExploreTopics } from './explore-topics.tsx';
import { FeatureGrid } from './feature-grid.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { LandingHero } from './landing-hero.tsx';
import { SportGallery } from './sport-gallery.tsx';

/**
 * The public landing page; PublicOnly shows 'Loading...' first and sends members to /feed. The
 * sections below the first screen are `content-visibility: auto`, holding their height on a phone
 * until they near the window: the browser styles, lays out and paints them only then.
 */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <DocumentTitle title="Your professional sports community" />
      <LandingHeader />
      <main className="flex-1">
        <LandingHero />
        <ExploreTopics />
        <FeatureGrid />
        <SportGallery />
        <ClosingCta />
      </main>
      <LandingFooter />
    </div>
  );
}
