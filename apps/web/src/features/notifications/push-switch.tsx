import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';

import { cx, focusRing } from '../../components/ui/class-names.ts';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { readPushState, subscribeToPush, unsubscribeFromPush } from './browser-push.ts';
import type { PushState } from './browser-push.ts';
import {
  useDeletePushSubscriptionMutation,
  useSavePushSubscriptionMutation,
} from './notification-settings-queries.ts';

export const PUSH_STATE_TEXT: Record<PushState, string> = {
  unsupported: 'This browser cannot show push notifications.',
  denied: 'Notifications are blocked for this site in your browser settings.',
  on: 'This browser shows Arena notifications, even when Arena is closed.',
  off: 'Turn on to get Arena notifications on this browser, even when Arena is closed.',
};

/**
 * Settings → Notifications, 'Push notifications on this browser': on registers the service worker,
 * asks for permission and sends the subscription to the server; off ends it on both sides.
 */
export function PushSwitch({ vapidPublicKey }: { vapidPublicKey: string }) {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const save = useSavePushSubscriptionMutation();
  const remove = useDeletePushSubscriptionMutation();
  const labelId = useId();
  const stateId = useId();

  useEffect(() => {
    let current = true;
    readPushState().then(
      (found) => current && setState(found),
      () => current && setState('off'),
    );
    return () => {
      current = false;
    };
  }, []);

  async function turnOn() {
    const result = await subscribeToPush(vapidPublicKey);
    if (typeof result === 'string') {
      setState(result);
      if (result === 'off')
        toast('Push notifications stay off: the browser was not allowed to show them.');
      return;
    }
    try {
      await save.mutateAsync(result.input);
      setState('on');
      toast.success('Push notifications are on for this browser.');
    } catch (error) {
      // The server has not got it: no subscription is left behind that nobody would use.
      await result.subscription.unsubscribe();
      throw error;
    }
  }

  async function turnOff() {
    const endpoint = await unsubscribeFromPush();
    setState('off');
    if (endpoint) await remove.mutateAsync(endpoint);
    toast.success('Push notifications are off for this browser.');
  }

  async function toggle() {
    setBusy(true);
    try {
      await (state === 'on' ? turnOff() : turnOn());
    } catch (error) {
      toast.error(
        error instanceof ApiRequestError
          ? error.message
          : 'Push notifications could not be changed on this browser. Please try again.',
      );
      setState(await readPushState().catch((): PushState => 'off'));
    } finally {
      setBusy(false);
    }
  }

  const on = state === 'on';
  const unavailable = state === null || state === 'unsupported' || state === 'denied';
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
      <div className="min-w-0">
        <p id={labelId} className="font-medium text-slate-900">
          Push notifications on this browser
        </p>
        <p id={stateId} className="text-sm text-slate-700">
          {state === null ? 'Checking this browser...' : PUSH_STATE_TEXT[state]}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        aria-describedby={stateId}
        disabled={unavailable || busy}
        onClick={() => void toggle()}
        className={cx(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60',
          on ? 'bg-blue-700' : 'bg-slate-500',
          focusRing,
        )}
      >
        <span
          aria-hidden
          className={cx(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </button>
    </div>
  );
}
