import { awardInputSchema } from '@arena/shared/cv.schema';
import type { Award, AwardInput } from '@arena/shared/cv.schema';
import { CV_LIMITS } from '@arena/shared/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { CvError, CvField } from './cv-field.tsx';
import { CvFormActions } from './cv-section.tsx';

type AwardOutput = z.output<typeof awardInputSchema>;

/** Title, description and date of an award or achievement. */
export function AwardForm({
  idPrefix,
  award,
  busy,
  error,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  award?: Award;
  busy: boolean;
  error: string | undefined;
  onSave: (award: AwardOutput) => void;
  onCancel: () => void;
}) {
  const form = useForm<AwardInput, unknown, AwardOutput>({
    resolver: zodResolver(awardInputSchema),
    defaultValues: {
      title: award?.title ?? '',
      description: award?.description ?? '',
      awardDate: award?.awardDate ?? null,
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={award ? `Edit ${award.title}` : 'Add an award'}
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      onSubmit={form.handleSubmit(onSave)}
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <CvField id={`${idPrefix}-title`} label="Title" error={errors.title?.message}>
          <Input
            placeholder="e.g. League MVP"
            maxLength={CV_LIMITS.title}
            {...form.register('title')}
          />
        </CvField>
        <CvField id={`${idPrefix}-date`} label="Date" error={errors.awardDate?.message}>
          <Input
            type="date"
            {...form.register('awardDate', {
              setValueAs: (raw: unknown) => (raw === '' || raw == null ? null : raw),
            })}
          />
        </CvField>
      </div>
      <CvField
        id={`${idPrefix}-description`}
        label="Description"
        error={errors.description?.message}
      >
        <Textarea rows={3} maxLength={CV_LIMITS.description} {...form.register('description')} />
      </CvField>
      <CvError message={error} />
      <CvFormActions busy={busy} onCancel={onCancel} />
    </form>
  );
}
