import { SEXES, SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { useCvMutation } from './cv-queries.ts';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import {
  athleteFormSchema,
  displayValue,
  formDefaults,
  parseFieldValue,
} from './athlete-fields.ts';
import type {
  AthleteFieldSpec,
  AthleteViewSpec,
  AthleteFormInput,
  AthleteFormOutput,
  AthleteValues,
} from './athlete-fields.ts';
import { CvError, CvField } from './cv-field.tsx';
import { CvEmpty, CvFormActions, CvSection } from './cv-section.tsx';

const selectClass =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-xs sm:text-sm focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-blue-600/40 aria-invalid:border-red-600';

/**
 * A CV section made of athlete fields (About the player, Sportive info, General Info): read-only
 * for visitors, edited in place by the owner and saved with only its own fields.
 */
export function AthleteSection({
  id,
  title,
  fields,
  athlete,
  isOwn,
  emptyText,
  viewFields = fields,
}: {
  id: string;
  title: string;
  fields: readonly AthleteFieldSpec[];
  athlete: AthleteValues;
  isOwn: boolean;
  emptyText: string;
  /** What the section shows when not editing; its form fields by default. */
  viewFields?: readonly AthleteViewSpec[];
}) {
  const [editing, setEditing] = useState(false);
  return (
    <CvSection
      id={id}
      title={title}
      onEdit={isOwn && !editing ? () => setEditing(true) : undefined}
    >
      {editing ? (
        <AthleteForm id={id} fields={fields} athlete={athlete} onDone={() => setEditing(false)} />
      ) : (
        <AthleteView fields={viewFields} athlete={athlete} emptyText={emptyText} />
      )}
    </CvSection>
  );
}

function AthleteView({
  fields,
  athlete,
  emptyText,
}: {
  fields: readonly AthleteViewSpec[];
  athlete: AthleteValues;
  emptyText: string;
}) {
  const shown = fields.flatMap((field) => {
    const value = displayValue(field, athlete[field.name]);
    return value === null ? [] : [{ field, value }];
  });
  if (shown.length === 0) return <CvEmpty>{emptyText}</CvEmpty>;
  const [only] = shown;
  if (fields.length === 1 && only) {
    return <p className="whitespace-pre-line text-slate-800">{only.value}</p>;
  }
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {shown.map(({ field, value }) => (
        <div key={field.name}>
          <dt className="text-sm text-slate-700">{field.label}</dt>
          <dd className="font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AthleteForm({
  id,
  fields,
  athlete,
  onDone,
}: {
  id: string;
  fields: readonly AthleteFieldSpec[];
  athlete: AthleteValues;
  onDone: () => void;
}) {
  const save = useCvMutation();
  const form = useForm<AthleteFormInput, unknown, AthleteFormOutput>({
    resolver: zodResolver(athleteFormSchema),
    defaultValues: formDefaults(fields, athlete),
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((patch) =>
        save.mutate({ kind: 'athlete', patch }, { onSuccess: onDone }),
      )}
    >
      <div className={fields.length > 1 ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>
        {fields.map((field) => {
          const fieldId = `cv-${id}-${field.name}`;
          const registered = form.register(field.name, {
            setValueAs: (raw: unknown) => parseFieldValue(field.kind, raw),
          });
          return (
            <div key={field.name} className={field.kind === 'textarea' ? 'sm:col-span-2' : ''}>
              <CvField id={fieldId} label={field.label} error={errors[field.name]?.message}>
                {field.kind === 'textarea' ? (
                  <Textarea
                    rows={5}
                    maxLength={field.maxLength}
                    placeholder={field.placeholder}
                    {...registered}
                  />
                ) : field.kind === 'sport' ? (
                  <select className={selectClass} {...registered}>
                    <option value="">Not specified</option>
                    {SPORTS.map((sport) => (
                      <option key={sport} value={sport}>
                        {SPORT_LABELS[sport]}
                      </option>
                    ))}
                  </select>
                ) : field.kind === 'sex' ? (
                  <select className={selectClass} {...registered}>
                    <option value="">Not specified</option>
                    {SEXES.map((sex) => (
                      <option key={sex} value={sex}>
                        {sex}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Input
                    type={field.kind === 'text' ? 'text' : field.kind}
                    inputMode={field.kind === 'number' ? 'decimal' : undefined}
                    step={field.kind === 'number' ? 'any' : undefined}
                    maxLength={field.maxLength}
                    placeholder={field.placeholder}
                    {...registered}
                  />
                )}
              </CvField>
            </div>
          );
        })}
      </div>
      <CvError message={save.error?.message} />
      <CvFormActions
        busy={save.isPending}
        onCancel={() => {
          save.reset();
          onDone();
        }}
      />
    </form>
  );
}
