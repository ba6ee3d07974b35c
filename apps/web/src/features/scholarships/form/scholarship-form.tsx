import {
  LISTING_LIMITS,
  SCHOLARSHIP_COVERAGES,
  SCHOLARSHIP_LEVELS,
  SPORT_LABELS,
  SPORTS,
} from '@arena/shared/constants';
import {
  SCHOLARSHIP_COVERAGE_LABELS,
  SCHOLARSHIP_LEVEL_LABELS,
  SCHOLARSHIP_MESSAGES,
} from '@arena/shared/scholarship.schema';
import type { Scholarship } from '@arena/shared/scholarship.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiRequestError } from '../../../lib/http/api-error.ts';
import { useSaveScholarshipMutation } from '../scholarship-queries.ts';
import {
  EMPTY_SCHOLARSHIP,
  scholarshipFormSchema,
  scholarshipFormValues,
} from './scholarship-form-values.ts';
import type { ScholarshipFormInput, ScholarshipFormValues } from './scholarship-form-values.ts';

type Name = keyof ScholarshipFormInput;
const NAMES = Object.keys(EMPTY_SCHOLARSHIP) as Name[];
const L = LISTING_LIMITS;
/** A scholarship's places are an offer's: 1 to 999. */
const PLACES_MAX = 999;

type ControlProps = ReturnType<typeof fieldControlProps> &
  UseFormRegisterReturn & { required: boolean };
type Options = readonly { value: string; label: string }[];

const SPORT_OPTIONS = SPORTS.map((value) => ({ value, label: SPORT_LABELS[value] }));
const LEVEL_OPTIONS = SCHOLARSHIP_LEVELS.map((value) => ({
  value,
  label: SCHOLARSHIP_LEVEL_LABELS[value],
}));
const COVERAGE_OPTIONS = SCHOLARSHIP_COVERAGES.map((value) => ({
  value,
  label: SCHOLARSHIP_COVERAGE_LABELS[value],
}));

/**
 * A scholarship's form, every field of `createScholarshipSchema`, checked by it before sending;
 * the server's refusals land on their fields. New, it posts; given a `scholarship`, it saves its
 * changes. Either way the scholarship's page opens with a toast.
 */
export function ScholarshipForm({ scholarship }: { scholarship?: Scholarship }) {
  const save = useSaveScholarshipMutation();
  const navigate = useNavigate();
  const form = useForm<ScholarshipFormInput, unknown, ScholarshipFormValues>({
    resolver: zodResolver(scholarshipFormSchema),
    defaultValues: scholarship ? scholarshipFormValues(scholarship) : EMPTY_SCHOLARSHIP,
  });
  const { errors } = form.formState;
  const busy = save.isPending;
  const ID = scholarship ? 'edit-scholarship' : 'new-scholarship';

  function showRefusal(error: Error) {
    const fields = error instanceof ApiRequestError ? error.fields : undefined;
    let placed = false;
    for (const [key, message] of Object.entries(fields ?? {})) {
      if (NAMES.includes(key as Name)) {
        form.setError(key as Name, { message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (!placed) toast.error(error.message);
  }

  function onValid(values: ScholarshipFormValues) {
    save.mutate(
      { id: scholarship?.id ?? null, input: values },
      {
        onSuccess: (saved) => {
          toast.success(scholarship ? SCHOLARSHIP_MESSAGES.updated : SCHOLARSHIP_MESSAGES.posted);
          void navigate(`/scholarships/${encodeURIComponent(saved.id)}`);
        },
        onError: showRefusal,
      },
    );
  }

  /** A labelled control tied to its field of the form and to its error message. */
  function field(
    name: Name,
    label: string,
    render: (props: ControlProps) => ReactNode,
    required = false,
  ) {
    const id = `${ID}-${name}`;
    const message = errors[name]?.message;
    return (
      <Field id={id} label={label} error={message} required={required}>
        {render({ ...fieldControlProps(id, message), required, ...form.register(name) })}
      </Field>
    );
  }
  const text = (name: Name, label: string, max: number, required = false) =>
    field(name, label, (props) => <Input maxLength={max} {...props} />, required);
  const area = (name: Name, label: string, max: number, required = false) =>
    field(name, label, (props) => <Textarea rows={5} maxLength={max} {...props} />, required);
  const input = (
    name: Name,
    label: string,
    attributes: ComponentProps<'input'>,
    required = false,
  ) => field(name, label, (props) => <Input {...attributes} {...props} />, required);
  const select = (name: Name, label: string, options: Options, placeholder: string) =>
    field(
      name,
      label,
      (props) => (
        <NativeSelect placeholder={placeholder} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      ),
      true,
    );
  const whole = { type: 'number', inputMode: 'numeric', step: 1 } as const;

  return (
    <form
      noValidate
      aria-label={scholarship ? `Edit ${scholarship.title}` : 'Post a scholarship'}
      onSubmit={form.handleSubmit(onValid)}
      className="grid gap-4"
    >
      {text('title', 'Scholarship title', L.title, true)}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('institution', 'Institution', L.name, true)}
        {text('country', 'Country', L.place, true)}
        {select('sport', 'Sport', SPORT_OPTIONS, 'Select a sport')}
        {select('level', 'Level', LEVEL_OPTIONS, 'Select a level')}
        {select('coverage', 'Coverage', COVERAGE_OPTIONS, 'Select what it covers')}
        {text('amount', 'Amount (e.g. $12,000 a year)', L.name)}
        {input('places', 'Number available', { ...whole, min: 1, max: PLACES_MAX }, true)}
        {input('deadline', 'Deadline', { type: 'datetime-local' }, true)}
        {input('ageMin', 'Youngest age', { ...whole, min: L.ageMin, max: L.ageMax })}
        {input('ageMax', 'Oldest age', { ...whole, min: L.ageMin, max: L.ageMax })}
      </div>
      {text('positions', 'Eligible positions (empty: any)', L.short)}
      {area('academicRequirements', 'Academic requirements', L.text)}
      {area('description', 'Description', L.description, true)}
      {area('howToApply', 'How to apply', L.text)}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link
            to={
              scholarship ? `/scholarships/${encodeURIComponent(scholarship.id)}` : '/scholarships'
            }
          >
            Cancel
          </Link>
        </Button>
        <Button type="submit" disabled={busy}>
          {scholarship
            ? busy
              ? 'Saving...'
              : 'Save changes'
            : busy
              ? 'Posting...'
              : 'Post scholarship'}
        </Button>
      </div>
    </form>
  );
}
