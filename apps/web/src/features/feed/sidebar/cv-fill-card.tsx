import { cvFillBand } from '@arena/shared/cv-fill-rate';
import type { CvFillBand } from '@arena/shared/cv-fill-rate';
import { Link } from 'react-router';

import { useCurrentUser } from '../../../lib/session/session-queries.ts';
import { useCvQuery } from '../../cv/cv-queries.ts';
import { useOrganizationQuery } from '../../profile/organization-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cx } from '../../../components/ui/class-names.ts';
import { profileHref } from '../../people/person-identity.tsx';
import { SidebarSkeleton } from './sidebar-skeleton.tsx';

const BANDS: Record<CvFillBand, { message: string; action: string; bar: string }> = {
  incomplete: {
    message: 'Complete your profile so clubs, agents and coaches can find you.',
    action: 'Complete your profile',
    bar: 'bg-amber-600',
  },
  'almost-there': {
    message: "You're almost there! A few more details make your CV stand out.",
    action: 'Complete your profile',
    bar: 'bg-blue-700',
  },
  great: {
    message: 'Great! Your CV is ready for scouts and recruiters.',
    action: 'View my profile',
    bar: 'bg-green-700',
  },
};

type BandTexts = Record<CvFillBand, { message: string; action: string }>;

/** An organisation's card measures its organisation's fields, and says so. */
const ORGANIZATION_BANDS: BandTexts = {
  incomplete: {
    message: 'Complete your organisation profile so players can find and trust you.',
    action: 'Complete your profile',
  },
  'almost-there': {
    message: "You're almost there! A few more details make your organisation stand out.",
    action: 'Complete your profile',
  },
  great: {
    message: 'Great! Your organisation profile is ready for players.',
    action: 'View my profile',
  },
};

/**
 * How complete the signed-in member's profile is, with what to do next: a player's athlete CV
 * (spec section 9), or an organisation's fields for clubs, agents and coaches.
 */
export function CvFillCard({ ready = true }: { ready?: boolean }) {
  const me = useCurrentUser();
  if (me && me.profile.userType !== 'player') {
    return <OrganizationFillCard username={me.profile.username} ready={ready} />;
  }
  return <AthleteFillCard username={me?.profile.username} ready={ready} />;
}

function OrganizationFillCard({ username, ready }: { username: string; ready: boolean }) {
  const organization = useOrganizationQuery(username, { enabled: ready });
  return (
    <Card className="p-5" aria-labelledby="cv-fill-heading" role="region">
      <h2 id="cv-fill-heading" className="font-semibold text-slate-900">
        Profile fill rate
      </h2>
      {organization.isPending ? (
        <SidebarSkeleton label="Loading your profile fill rate..." lines={2} />
      ) : organization.isError ? (
        <p className="mt-2 text-sm text-slate-700">
          Your profile fill rate is unavailable right now.
        </p>
      ) : (
        <FillRate
          percent={organization.data.fillRate ?? 0}
          href={profileHref(username)}
          label="Profile fill rate"
          texts={ORGANIZATION_BANDS}
        />
      )}
    </Card>
  );
}

function AthleteFillCard({ username, ready }: { username: string | undefined; ready: boolean }) {
  const cv = useCvQuery(username, { enabled: ready });
  return (
    <Card className="p-5" aria-labelledby="cv-fill-heading" role="region">
      <h2 id="cv-fill-heading" className="font-semibold text-slate-900">
        CV fill rate
      </h2>
      {cv.isPending ? (
        <SidebarSkeleton label="Loading your CV fill rate..." lines={2} />
      ) : cv.isError ? (
        <p className="mt-2 text-sm text-slate-700">Your CV fill rate is unavailable right now.</p>
      ) : (
        <FillRate percent={cv.data.fillRate} href={profileHref(username ?? '')} />
      )}
    </Card>
  );
}

function FillRate({
  percent,
  href,
  label = 'CV fill rate',
  texts = BANDS,
}: {
  percent: number;
  href: string;
  label?: string;
  texts?: BandTexts;
}) {
  const key = cvFillBand(percent);
  const band = { ...BANDS[key], ...texts[key] };
  return (
    <div className="mt-3 flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-3xl font-bold text-slate-900" data-testid="cv-fill-percent">
          {percent}%
        </span>
        <span className="text-sm text-slate-700">complete</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cx('h-full rounded-full', band.bar)} style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700">{band.message}</p>
      <Button asChild variant="outline" size="sm" className="self-start">
        <Link to={href}>{band.action}</Link>
      </Button>
    </div>
  );
}
