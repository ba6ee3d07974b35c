import { MINIMUM_AGE } from '@arena/shared/age';
import { MESSAGES } from '@arena/shared/messages';
import { birthdateInputSchema } from '@arena/shared/minors.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { ErrorNotice } from '../../components/ui/field.tsx';
import { useSessionManager } from '../../lib/session/session-context.tsx';
import { AuthCardLayout } from '../auth/auth-card-layout.tsx';
import { TextField } from '../auth/form-field.tsx';
import { useGiveBirthdateMutation } from './guardian-queries.ts';

type BirthdateInput = z.input<typeof birthdateInputSchema>;

/**
 * Shown instead of the app to a player who signed up before sign-up asked for a birthdate
 * (issue 25): it must be answered before going on, and until then they are treated as a minor.
 * Under the minimum age, the server deletes the account; the screen says so and signs out.
 */
export function BirthdatePrompt() {
  const manager = useSessionManager();
  const give = useGiveBirthdateMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<BirthdateInput>({
    resolver: zodResolver(birthdateInputSchema),
    defaultValues: { birthdate: '' },
  });
  const { errors } = form.formState;

  async function onValid(values: BirthdateInput) {
    try {
      await give.mutateAsync(values.birthdate);
      toast.success(MESSAGES.minors.birthdateSaved);
      // The renewed session no longer says the birthdate is missing: the app opens.
      await manager.refresh();
    } catch (error) {
      const message = error instanceof Error ? error.message : MESSAGES.minors.birthdateSaved;
      if (message === MESSAGES.minors.underMinimumAgeAccount) setRefusal(message);
      else toast.error(message);
    }
  }

  if (refusal) {
    return (
      <AuthCardLayout title="We cannot open Arena for you">
        <div className="grid gap-4">
          <ErrorNotice>{refusal}</ErrorNotice>
          <Button size="lg" className="w-full" onClick={() => void manager.signOut()}>
            Leave
          </Button>
        </div>
      </AuthCardLayout>
    );
  }

  return (
    <AuthCardLayout
      title="When is your birthday?"
      description={`Arena now asks every athlete for their birthdate, to keep members under 18 safe. You must be ${MINIMUM_AGE} or over. Only you see the date; others see your age.`}
    >
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onValid)}>
        <TextField
          id="prompt-birthdate"
          label="Birthdate"
          type="date"
          autoComplete="bday"
          max={new Date().toISOString().slice(0, 10)}
          invalid={Boolean(errors.birthdate)}
          aria-describedby={errors.birthdate ? 'prompt-birthdate-error' : undefined}
          {...form.register('birthdate')}
        />
        {errors.birthdate ? (
          <p id="prompt-birthdate-error" className="text-sm text-red-700">
            {errors.birthdate.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={give.isPending}>
          {give.isPending ? 'Saving...' : 'Continue'}
        </Button>
        <Button type="button" variant="ghost" onClick={() => void manager.signOut()}>
          Sign out
        </Button>
      </form>
    </AuthCardLayout>
  );
}
