import type { SessionUser } from '@arena/shared/auth.schema';
import type { Cv } from '@arena/shared/cv.schema';
import { MESSAGES } from '@arena/shared/messages';
import { createApplicationSchema } from '@arena/shared/offer.schema';
import type { CreateApplicationInput } from '@arena/shared/offer.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';

import { Button } from '../../../components/ui/button.tsx';
import { DialogClose } from '../../../components/ui/dialog.tsx';
import { ErrorNotice, Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiRequestError } from '../../../lib/http/api-error.ts';
import { useApplyMutation } from '../application-queries.ts';
import { ConsentFields, ContractDurationField, RelocateField } from './apply-choice-fields.tsx';
import { applyDefaults } from './apply-defaults.ts';
import type { ApplyFormValues, ApplyTarget } from './apply-form-types.ts';
import { CvFileField } from './cv-file-field.tsx';

type TextFieldName = Exclude<
  keyof CreateApplicationInput,
  | 'willingToRelocate'
  | 'desiredContractDuration'
  | 'consentPrivacyPolicy'
  | 'consentDataSharing'
  | 'cvUploadId'
>;

/** Every field of spec section 5's offer application, prefilled, with the CV and the consents. */
export function ApplyForm({
  offer,
  me,
  cv,
  onApplied,
}: {
  offer: ApplyTarget;
  me: SessionUser;
  cv: Cv | undefined;
  onApplied: () => void;
}) {
  const id = useId();
  const apply = useApplyMutation();
  const [cvFile, setCvFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<CreateApplicationInput, unknown, ApplyFormValues>({
    resolver: zodResolver(createApplicationSchema),
    defaultValues: applyDefaults(me, cv, offer),
  });
  const { errors } = form.formState;
  const busy = apply.isPending;

  function onValid({ cvUploadId: _, ...application }: ApplyFormValues) {
    setNotice(null);
    apply.mutate(
      { offerId: offer.id, application, cv: cvFile },
      {
        onSuccess: () => {
          toast.success(MESSAGES.application.submitted);
          onApplied();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) {
            for (const [path, message] of Object.entries(error.fields ?? {})) {
              if (path in createApplicationSchema.shape)
                form.setError(path as keyof CreateApplicationInput, { message });
            }
            setNotice(error.message);
          } else setNotice(MESSAGES.internal);
        },
      },
    );
  }

  function onInvalid(invalid: FieldErrors<CreateApplicationInput>) {
    setNotice(
      invalid.consentPrivacyPolicy || invalid.consentDataSharing
        ? MESSAGES.application.consentRequired
        : null,
    );
  }

  function text(name: TextFieldName, label: string, options: { required?: boolean } = {}) {
    const fieldId = `${id}-${name}`;
    return (
      <Field id={fieldId} label={label} error={errors[name]?.message} required={options.required}>
        <Input
          {...fieldControlProps(fieldId, errors[name]?.message)}
          required={options.required}
          {...form.register(name)}
        />
      </Field>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onValid, onInvalid)}
      className="grid gap-4"
      aria-label={`Apply to ${offer.title}`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {text('athleteName', 'Full name', { required: true })}
        <Field id={`${id}-email`} label="Email" error={errors.email?.message} required>
          <Input
            {...fieldControlProps(`${id}-email`, errors.email?.message)}
            type="email"
            autoComplete="email"
            required
            {...form.register('email')}
          />
        </Field>
        {text('sport', 'Sport', { required: true })}
        {text('currentTeam', 'Current team')}
        {text('positionRole', 'Position or role', { required: true })}
        <Field
          id={`${id}-years`}
          label="Years of experience"
          error={errors.yearsExperience?.message}
          required
        >
          <Input
            {...fieldControlProps(`${id}-years`, errors.yearsExperience?.message)}
            type="number"
            inputMode="numeric"
            min={0}
            max={80}
            step={1}
            required
            {...form.register('yearsExperience', {
              // Blank is 'not given', not zero years.
              setValueAs: (value: unknown) => (value === '' ? undefined : value),
            })}
          />
        </Field>
        {text('heightWeight', 'Height / weight')}
        {text('availability', 'Availability', { required: true })}
      </div>
      <Field id={`${id}-achievements`} label="Achievements" error={errors.achievements?.message}>
        <Textarea
          {...fieldControlProps(`${id}-achievements`, errors.achievements?.message)}
          rows={3}
          {...form.register('achievements')}
        />
      </Field>
      <Field
        id={`${id}-why`}
        label="Why are you interested?"
        error={errors.whyInterested?.message}
        required
      >
        <Textarea
          {...fieldControlProps(`${id}-why`, errors.whyInterested?.message)}
          rows={4}
          required
          {...form.register('whyInterested')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <RelocateField id={`${id}-relocate`} control={form.control} />
        <ContractDurationField id={`${id}-contract`} control={form.control} />
      </div>
      <CvFileField
        id={`${id}-cv`}
        file={cvFile}
        onChange={setCvFile}
        onProblem={setNotice}
        disabled={busy}
      />
      <ConsentFields idPrefix={id} control={form.control} organization={offer.organizationName} />
      {notice ? <ErrorNotice>{notice}</ErrorNotice> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit Application'}
        </Button>
      </div>
    </form>
  );
}
