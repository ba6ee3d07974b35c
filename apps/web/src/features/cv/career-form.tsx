import { CAREER_ROLE_DEFAULT } from '@arena/shared/constants';
import { careerEntryInputSchema } from '@arena/shared/cv.schema';
import type { CareerEntry, CareerEntryInput } from '@arena/shared/cv.schema';
import { CV_LIMITS } from '@arena/shared/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Input } from '../../components/ui/input.tsx';
import { CvError, CvField } from './cv-field.tsx';
import { CvFormActions } from './cv-section.tsx';

type CareerOutput = z.output<typeof careerEntryInputSchema>;

/** Season, team name and role (Member when left blank), for a new season or a change to one. */
export function CareerForm({
  idPrefix,
  entry,
  busy,
  error,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  entry?: CareerEntry;
  busy: boolean;
  error: string | undefined;
  onSave: (entry: CareerOutput) => void;
  onCancel: () => void;
}) {
  const form = useForm<CareerEntryInput, unknown, CareerOutput>({
    resolver: zodResolver(careerEntryInputSchema),
    defaultValues: {
      season: entry?.season ?? '',
      teamName: entry?.teamName ?? '',
      role: entry?.role ?? '',
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={entry ? `Edit season ${entry.season}` : 'Add a season'}
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={form.handleSubmit(onSave)}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <CvField id={`${idPrefix}-season`} label="Season" error={errors.season?.message}>
          <Input
            placeholder="e.g. 2023/24"
            maxLength={CV_LIMITS.season}
            {...form.register('season')}
          />
        </CvField>
        <CvField id={`${idPrefix}-team`} label="Team name" error={errors.teamName?.message}>
          <Input maxLength={CV_LIMITS.shortText * 2} {...form.register('teamName')} />
        </CvField>
        <CvField id={`${idPrefix}-role`} label="Role" error={errors.role?.message}>
          <Input
            placeholder={CAREER_ROLE_DEFAULT}
            maxLength={CV_LIMITS.shortText}
            {...form.register('role')}
          />
        </CvField>
      </div>
      <CvError message={error} />
      <CvFormActions busy={busy} onCancel={onCancel} />
    </form>
  );
}
