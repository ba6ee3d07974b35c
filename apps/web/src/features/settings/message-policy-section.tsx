import {
  MESSAGE_POLICIES,
  MESSAGE_POLICY_LABELS,
  type MessagePolicy,
} from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useId } from 'react';
import { toast } from 'sonner';

import { ListLoadFailed } from '../../components/list-states.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMessagePolicyMutation, useMessagePolicyQuery } from './message-policy-queries.ts';
import { SettingsSection } from './settings-section.tsx';

const m = MESSAGES.messaging;

/**
 * Settings → Who can message me: a radio group (arrow keys move between the choices). Under 18,
 * 'Everyone' is disabled and the hint says why; the server refuses it too.
 */
export function MessagePolicySection({ ready = true }: { ready?: boolean }) {
  const setting = useMessagePolicyQuery({ enabled: ready });
  const save = useMessagePolicyMutation();
  const id = useId();

  function choose(policy: MessagePolicy) {
    save.mutate(policy, {
      onSuccess: () => toast.success(m.policySaved),
      onError: (error) => toast.error(error.message || m.policySaveFailed),
    });
  }

  return (
    <SettingsSection id="messages" title={m.policyTitle} description={m.policyHint}>
      {setting.isPending ? (
        <Spinner label="Loading..." showLabel />
      ) : setting.isError ? (
        <ListLoadFailed
          title={m.policyLoadFailed}
          retrying={setting.isFetching}
          onRetry={() => void setting.refetch()}
        />
      ) : (
        <fieldset aria-describedby={setting.data.minor ? `${id}-minor` : undefined}>
          <legend className="sr-only">{m.policyTitle}</legend>
          <div className="grid gap-2">
            {MESSAGE_POLICIES.map((policy) => {
              const disabled = policy === 'everyone' && setting.data.minor;
              const current = (save.isPending ? save.variables : undefined) ?? setting.data.policy;
              return (
                <label
                  key={policy}
                  className={cx(
                    'flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2',
                    disabled
                      ? 'cursor-not-allowed text-slate-500'
                      : 'cursor-pointer text-slate-900',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-policy`}
                    value={policy}
                    checked={current === policy}
                    disabled={disabled || save.isPending}
                    onChange={() => choose(policy)}
                    className={cx('size-4 accent-blue-700', focusRing)}
                  />
                  {MESSAGE_POLICY_LABELS[policy]}
                </label>
              );
            })}
          </div>
          {setting.data.minor ? (
            <p id={`${id}-minor`} className="mt-3 text-sm text-slate-700">
              {m.policyMinorHint}
            </p>
          ) : null}
        </fieldset>
      )}
    </SettingsSection>
  );
}
