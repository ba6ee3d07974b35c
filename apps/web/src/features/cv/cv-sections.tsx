import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useCvQuery } from './cv-queries.ts';
import {
  ABOUT_FIELDS,
  GENERAL_FIELDS,
  PUBLIC_GENERAL_FIELDS,
  SPORTIVE_FIELDS,
} from './athlete-fields.ts';
import { AthleteSection } from './athlete-section.tsx';
import { AvailabilitySection } from './availability-section.tsx';
import { AwardsSection } from './awards-section.tsx';
import { CareerSection } from './career-section.tsx';

/** The athlete CV of a profile, in the spec's order; editable in place when it is your own. */
export function CvSections({ username, isOwn }: { username: string; isOwn: boolean }) {
  const cv = useCvQuery(username);
  if (cv.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Loading the athlete CV...</span>
        {[0, 1, 2].map((index) => (
          <Card key={index} aria-hidden className="h-28 animate-pulse bg-slate-50" />
        ))}
      </div>
    );
  }
  if (cv.isError) {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
        <p role="alert" className="text-slate-800">
          {cv.error.message}
        </p>
        <Button variant="outline" size="sm" onClick={() => void cv.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  const { athlete, career, awards, openToOffers } = cv.data;
  return (
    <div className="flex flex-col gap-4">
      <AthleteSection
        id="about"
        title="About the player"
        fields={ABOUT_FIELDS}
        athlete={athlete}
        isOwn={isOwn}
        emptyText={isOwn ? 'Tell clubs and scouts about yourself.' : 'Nothing here yet.'}
      />
      <AvailabilitySection
        status={athlete.availabilityStatus}
        isOwn={isOwn}
        openToOffers={openToOffers}
        birthdate={athlete.birthdate}
      />
      <CareerSection career={career} isOwn={isOwn} />
      <AwardsSection awards={awards} isOwn={isOwn} />
      <AthleteSection
        id="sportive"
        title="Sportive info"
        fields={SPORTIVE_FIELDS}
        athlete={athlete}
        isOwn={isOwn}
        emptyText={isOwn ? 'Add your sport, positions and measurements.' : 'Nothing here yet.'}
      />
      <AthleteSection
        id="general"
        title="General Info"
        fields={GENERAL_FIELDS}
        viewFields={isOwn ? GENERAL_FIELDS : PUBLIC_GENERAL_FIELDS}
        athlete={athlete}
        isOwn={isOwn}
        emptyText={isOwn ? 'Add your birthdate, sex and nationalities.' : 'Nothing here yet.'}
      />
    </div>
  );
}
