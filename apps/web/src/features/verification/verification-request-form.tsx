import type { SessionUser } from '@arena/shared/auth.schema';
import { ORGANIZATION_TYPES, USER_TYPE_LABELS } from '@arena/shared/constants';
import type { OrganizationType } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import { verificationRequestInputSchema } from '@arena/shared/verification.schema';
import type { VerificationRequestInput } from '@arena/shared/verification.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';

import { Button } from '../../components/ui/button.tsx';
import { DialogClose } from '../../components/ui/dialog.tsx';
import { Field, fieldControlProps, selectValue } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { useRequestVerificationMutation } from './verification-queries.ts';

type Values = z.output<typeof verificationRequestInputSchema>;
type TextName = Exclude<keyof VerificationRequestInput, 'organizationType' | 'additionalInfo'>;

const m = MESSAGES.verification;

function isOrganizationType(value: string): value is OrganizationType {
  return (ORGANIZATION_TYPES as readonly string[]).includes(value);
}

/** The spec's verification request: what the server hears, or why it refused, as a toast. */
function requestErrorMessage(error: unknown): string {
  return error instanceof ApiRequestError && !error.transient ? error.message : m.failed;
}

/** Full name, organization, type and email required; phone, website, contact and notes optional. */
export function VerificationRequestForm({
  me,
  onSubmitted,
}: {
  me: SessionUser;
  onSubmitted: () => void;
}) {
  const id = useId();
  const request = useRequestVerificationMutation();
  const userType = me.profile.userType;
  const form = useForm<VerificationRequestInput, unknown, Values>({
    resolver: zodResolver(verificationRequestInputSchema),
    defaultValues: {
      fullName: me.profile.fullName,
      organizationName: userType === 'club' ? me.profile.fullName : '',
      ...(isOrganizationType(userType) ? { organizationType: userType } : {}),
      email: me.user.email,
      phone: '',
      website: '',
      officialContact: '',
      additionalInfo: '',
    },
  });
  const { errors } = form.formState;
  const busy = request.isPending;

  function onValid(values: Values) {
    request.mutate(values, {
      onSuccess: () => {
        toast.success(m.submitted);
        onSubmitted();
      },
      onError: (error) => {
        toast.error(requestErrorMessage(error));
      },
    });
  }

  function text(name: TextName, label: string, extra: { type?: string; required?: boolean } = {}) {
    const fieldId = `${id}-${name}`;
    const message = errors[name]?.message;
    return (
      <Field id={fieldId} label={label} error={message} required={extra.required}>
        <Input
          {...fieldControlProps(fieldId, message)}
          type={extra.type ?? 'text'}
          required={extra.required}
          {...form.register(name)}
        />
      </Field>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('fullName', 'Full Name', { required: true })}
        {text('organizationName', 'Organization Name', { required: true })}
        <Controller
          control={form.control}
          name="organizationType"
          render={({ field, fieldState }) => (
            <Field id={`${id}-type`} label="Type" error={fieldState.error?.message} required>
              <Select
                name={field.name}
                value={selectValue(field.value)}
                onValueChange={(value) => {
                  if (isOrganizationType(value)) field.onChange(value);
                }}
              >
                <SelectTrigger
                  {...fieldControlProps(`${id}-type`, fieldState.error?.message)}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  aria-required
                >
                  <SelectValue placeholder="Select a type" />
                </SelectTrigger>
                <SelectContent>
                  {ORGANIZATION_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {USER_TYPE_LABELS[type]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          )}
        />
        {text('email', 'Email', { type: 'email', required: true })}
        {text('phone', 'Phone', { type: 'tel' })}
        {text('website', 'Website', { type: 'url' })}
      </div>
      {text('officialContact', 'Official Contact')}
      <Field
        id={`${id}-info`}
        label="Additional Information"
        error={errors.additionalInfo?.message}
      >
        <Textarea
          {...fieldControlProps(`${id}-info`, errors.additionalInfo?.message)}
          rows={4}
          {...form.register('additionalInfo')}
        />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={busy}>
          {busy ? 'Submitting...' : 'Submit Request'}
        </Button>
      </div>
    </form>
  );
}
