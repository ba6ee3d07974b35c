import {
  MESSAGE_POLICIES,
  MESSAGE_POLICY_LABELS,
  type MessagePolicy,
} from '@arena/shared/message.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useId, useState } from 'react';
import { toast } from 'sonner';

import { ListLoadFailed } from '../../components/list-states.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RadioCard } from '../../components/ui/radio-card.tsx';
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
  // The choice shows in the same render as the click (a controlled radio would otherwise spring
  // back until the mutation's state arrives); it goes back to the server's on a refusal.
  const [chosen, setChosen] = useState<MessagePolicy | null>(null);

  function choose(policy: MessagePolicy) {
    setChosen(policy);
    save.mutate(policy, {
      onSuccess: () => toast.success(m.policySaved),
      onError: (error) => toast.error(error.message || m.policySaveFailed),
      onSettled: () => setChosen(null),
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
            {MESSAGE_POLICIES.map((policy) => (
              <RadioCard
                key={policy}
                name={`${id}-policy`}
                value={policy}
                checked={(chosen ?? setting.data.policy) === policy}
                disabled={(policy === 'everyone' && setting.data.minor) || save.isPending}
                onChoose={() => choose(policy)}
              >
                {MESSAGE_POLICY_LABELS[policy]}
              </RadioCard>
            ))}
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
