import { guardianInputSchema } from '@arena/shared/minors.schema';
import type { GuardianInput } from '@arena/shared/minors.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { Button } from '../../components/ui/button.tsx';
import { SettingsSection } from '../settings/settings-section.tsx';
import { TextField } from '../auth/form-field.tsx';
import { useGuardianMutation, useGuardianQuery } from './guardian-queries.ts';

/**
 * Settings → Guardian, for athletes under 18 (and players who have not given a birthdate): a
 * parent's or guardian's email. Once they confirm by the emailed link, they get a copy of every
 * message a club, agent or coach sends, and a notice of each application. Hidden for adults.
 */
export function GuardianSection({ ready = true }: { ready?: boolean }) {
  const guardian = useGuardianQuery({ enabled: ready });
  if (!guardian.data?.eligible) return null;
  const current = guardian.data.guardian;
  return (
    <SettingsSection
      id="guardian"
      title="Guardian"
      description="Add a parent or guardian. Once they confirm by the link we email them, they receive a copy of every message a club, agent or coach sends you (without attachments) and a notice of each offer you apply to."
    >
      <div className="flex flex-col gap-4">
        {current ? (
          <p className="text-slate-800" role="status">
            <span className="font-medium break-all">{current.email}</span>{' '}
            {current.confirmed ? '— confirmed' : '— waiting for them to confirm'}
          </p>
        ) : (
          <p className="text-slate-700">No guardian added yet.</p>
        )}
        <GuardianForm hasGuardian={current !== null} />
      </div>
    </SettingsSection>
  );
}

function GuardianForm({ hasGuardian }: { hasGuardian: boolean }) {
  const save = useGuardianMutation();
  const form = useForm<GuardianInput>({
    resolver: zodResolver(guardianInputSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values.email, { onSuccess: () => form.reset({ email: '' }) }),
      )}
    >
      <TextField
        id="guardian-email"
        label={hasGuardian ? "New guardian's email" : "Guardian's email"}
        type="email"
        autoComplete="off"
        invalid={Boolean(errors.email)}
        aria-describedby={errors.email ? 'guardian-email-error' : undefined}
        {...form.register('email')}
      />
      {errors.email ? (
        <p id="guardian-email-error" className="text-sm text-red-700">
          {errors.email.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Sending...' : hasGuardian ? 'Change guardian' : 'Add guardian'}
        </Button>
        {hasGuardian ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => save.mutate(null)}
          >
            Remove guardian
          </Button>
        ) : null}
      </div>
    </form>
  );
}
