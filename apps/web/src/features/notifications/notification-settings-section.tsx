import {
  EMAIL_MODE_LABELS,
  EMAIL_MODES,
  NOTICE_KIND_LABELS,
  NOTICE_KINDS,
} from '@arena/shared/notification.schema';
import type { EmailMode, NoticeKind, NoticePreference } from '@arena/shared/notification.schema';
import { useId } from 'react';

import { ListLoadFailed } from '../../components/list-states.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SettingsSection } from '../settings/settings-section.tsx';
import {
  useNotificationSettingsQuery,
  useUpdatePreferenceMutation,
} from './notification-settings-queries.ts';
import { PushSwitch } from './push-switch.tsx';

function isEmailMode(value: string): value is EmailMode {
  return (EMAIL_MODES as readonly string[]).includes(value);
}

/** One kind: how its email comes, and whether it is pushed. */
function KindRow({
  kind,
  preference,
  onChange,
}: {
  kind: NoticeKind;
  preference: NoticePreference;
  onChange: (change: Partial<NoticePreference>) => void;
}) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={`${id}-kind`}
      className="grid gap-2 border-t border-slate-200 py-3 sm:grid-cols-[1fr_11rem_5rem] sm:items-center sm:gap-4"
    >
      <span id={`${id}-kind`} className="font-medium text-slate-900">
        {NOTICE_KIND_LABELS[kind]}
      </span>
      <div className="flex items-center gap-3 sm:block">
        <label htmlFor={`${id}-email`} className="w-12 text-sm text-slate-700 sm:sr-only">
          Email
        </label>
        <div className="flex-1">
          <NativeSelect
            id={`${id}-email`}
            value={preference.email}
            onChange={(event) => {
              if (isEmailMode(event.target.value)) onChange({ email: event.target.value });
            }}
          >
            {EMAIL_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {EMAIL_MODE_LABELS[mode]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-push`}
          checked={preference.push}
          onCheckedChange={(checked) => onChange({ push: checked === true })}
        />
        <label htmlFor={`${id}-push`} className="text-sm text-slate-700 sm:sr-only">
          Push
        </label>
      </div>
    </div>
  );
}

/**
 * Settings → Notifications, a section of /settings like the others (one page for the account's
 * choices): per kind, email off, at once or in the daily digest, and push on or off; each change
 * is saved as it is made. Then this browser's push switch.
 */
export function NotificationSettingsSection() {
  const settings = useNotificationSettingsQuery();
  const update = useUpdatePreferenceMutation();
  return (
    <SettingsSection
      title="Notifications"
      description="Choose how you hear about what happens on Arena. In the app, the bell always shows it."
    >
      {settings.status === 'pending' ? (
        <Spinner label="Loading notification settings..." showLabel />
      ) : settings.status === 'error' ? (
        <ListLoadFailed
          title="Your notification settings could not be loaded."
          retrying={settings.isRefetching}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div className="flex flex-col gap-4">
          <div>
            <div
              aria-hidden
              className="hidden text-xs font-semibold tracking-wide text-slate-700 uppercase sm:grid sm:grid-cols-[1fr_11rem_5rem] sm:gap-4"
            >
              <span>Notify me about</span>
              <span>Email</span>
              <span>Push</span>
            </div>
            {NOTICE_KINDS.map((kind) => (
              <KindRow
                key={kind}
                kind={kind}
                preference={settings.data.preferences[kind]}
                onChange={(change) => update.mutate({ kind, change })}
              />
            ))}
          </div>
          <PushSwitch vapidPublicKey={settings.data.vapidPublicKey} />
        </div>
      )}
    </SettingsSection>
  );
}
