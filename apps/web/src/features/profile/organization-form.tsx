import { SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import type { Sport } from '@arena/shared/constants';
import type { OrganizationProfile } from '@arena/shared/organization.schema';
import { organizationProfilePatchSchema } from '@arena/shared/organization.schema';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';

import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { CvError, CvField } from '../cv/cv-field.tsx';
import { CvFormActions } from '../cv/cv-section.tsx';
import { useOrganizationMutation } from './organization-queries.ts';

type TextKey =
  'about' | 'city' | 'country' | 'league' | 'website' | 'foundedYear' | 'licenceNumber';
type Errors = Partial<Record<TextKey | 'sports', string>>;

/** The owner's form for the organisation's fields, checked with the shared schema before saving. */
export function OrganizationForm({
  organization,
  onDone,
}: {
  organization: OrganizationProfile;
  onDone: () => void;
}) {
  const save = useOrganizationMutation();
  const isClub = organization.userType === 'club';
  const [text, setText] = useState<Record<TextKey, string>>({
    about: organization.about ?? '',
    city: organization.city ?? '',
    country: organization.country ?? '',
    league: organization.league ?? '',
    website: organization.website ?? '',
    foundedYear: organization.foundedYear === null ? '' : String(organization.foundedYear),
    licenceNumber: organization.licenceNumber ?? '',
  });
  const [sports, setSports] = useState<Sport[]>(organization.sports);
  const [errors, setErrors] = useState<Errors>({});

  function onSubmit(event: SyntheticEvent) {
    event.preventDefault();
    const year = text.foundedYear.trim();
    const patch = {
      about: text.about,
      sports,
      city: text.city,
      country: text.country,
      league: text.league,
      website: text.website,
      ...(isClub
        ? { foundedYear: year === '' ? null : Number(year) }
        : { licenceNumber: text.licenceNumber }),
    };
    const parsed = organizationProfilePatchSchema.safeParse(patch);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors | undefined;
        if (key && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(patch, { onSuccess: onDone });
  }

  const field = (
    key: TextKey,
    label: string,
    props: { type?: string; inputMode?: 'numeric' } = {},
  ) => (
    <CvField id={`organization-${key}`} label={label} error={errors[key]}>
      <Input
        {...props}
        value={text[key]}
        onChange={(event) => setText((current) => ({ ...current, [key]: event.target.value }))}
      />
    </CvField>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <CvField id="organization-about" label="About the organisation" error={errors.about}>
        <Textarea
          rows={4}
          value={text.about}
          onChange={(event) => setText((current) => ({ ...current, about: event.target.value }))}
        />
      </CvField>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.sports ? 'organization-sports-error' : undefined}
      >
        <legend className="text-sm font-medium text-slate-900">Sports</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {SPORTS.map((sport) => {
            const id = `organization-sport-${sport}`;
            return (
              <div key={sport} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={sports.includes(sport)}
                  onCheckedChange={(checked) =>
                    setSports((current) =>
                      checked === true
                        ? [...current, sport]
                        : current.filter((chosen) => chosen !== sport),
                    )
                  }
                />
                <Label htmlFor={id}>{SPORT_LABELS[sport]}</Label>
              </div>
            );
          })}
        </div>
        {errors.sports ? (
          <p id="organization-sports-error" className="text-sm text-red-700">
            {errors.sports}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('city', 'City')}
        {field('country', 'Country')}
        {field('league', 'League or level')}
        {field('website', 'Website', { type: 'url' })}
        {isClub
          ? field('foundedYear', 'Founded year', { inputMode: 'numeric' })
          : field('licenceNumber', 'Licence or certification number')}
      </div>
      <CvError message={save.error?.message} />
      <CvFormActions busy={save.isPending} onCancel={onDone} />
    </form>
  );
}
