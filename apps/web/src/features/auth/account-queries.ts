import { acceptedSchema } from '@arena/shared/account.schema';
import type {
  EmailRequestInput,
  PasswordChangeInput,
  PasswordResetInput,
} from '@arena/shared/account.schema';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

/** Forgot password: the answer is the same whether or not the email is registered. */
export function useRequestPasswordResetMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: (values: EmailRequestInput) =>
      request('/api/auth/password-reset/request', {
        session,
        schema: acceptedSchema,
        method: 'POST',
        body: values,
      }),
  });
}

/** Sets a new password with the emailed link, and signs this browser in. */
export function useResetPasswordMutation() {
  const manager = useSessionManager();
  return useMutation({
    mutationFn: (values: PasswordResetInput) =>
      manager.startSessionWith(
        '/api/auth/password-reset/complete',
        values,
        values.remember ?? true,
      ),
  });
}

/** Uses the emailed confirmation link: confirms the address and signs in. */
export function useConfirmEmailMutation() {
  const manager = useSessionManager();
  return useMutation({
    mutationFn: (token: string) =>
      manager.startSessionWith('/api/auth/email-confirmation/confirm', { token }, true),
  });
}

export function useResendConfirmationMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: (values: EmailRequestInput) =>
      request('/api/auth/email-confirmation/resend', {
        session,
        schema: acceptedSchema,
        method: 'POST',
        body: values,
      }),
  });
}

/** Settings → Password; the server signs out every other session. */
export function useChangePasswordMutation() {
  const session = useSessionManager();
  return useMutation({
    mutationFn: (values: PasswordChangeInput) =>
      request('/api/auth/password/change', { session, method: 'POST', body: values }),
  });
}
