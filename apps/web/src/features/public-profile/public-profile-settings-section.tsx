import { MESSAGES } from '@arena/shared/messages';
import {
  PUBLIC_PROFILE_SECTION_LABELS,
  publicSectionsFor,
  type PublicProfileSection,
  type PublicProfileSettings,
} from '@arena/shared/public-profile-settings.schema';
import { Copy } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { ListLoadFailed } from '../../components/list-states.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { SettingsSection } from '../settings/settings-section.tsx';
import {
  usePublicProfileMutation,
  usePublicProfileSettingsQuery,
} from './public-profile-settings-queries.ts';

const m = MESSAGES.publicProfile;

/** What turning it on shows, until the member chooses: every section. */
interface Draft {
  sections: PublicProfileSection[];
  allowIndexing: boolean;
}

/**
 * Settings → Public profile (issue 24): a switch, a checkbox per section and one for search
 * engines, each saved as it changes while the profile is on; the link to share when it is on.
 * Under 18 it cannot be turned on (the server refuses too), and the section says why.
 */
export function PublicProfileSettingsSection({ ready = true }: { ready?: boolean }) {
  const settings = usePublicProfileSettingsQuery({ enabled: ready });
  return (
    <SettingsSection
      id="public-profile"
      title="Public profile"
      description="A page anyone can open without signing in, at your own address: your name, photo and the sections you choose. Never your email, phone or birthdate."
    >
      {settings.isPending ? (
        <Spinner label="Loading..." showLabel />
      ) : settings.isError ? (
        <ListLoadFailed
          title={m.loadFailed}
          retrying={settings.isFetching}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <PublicProfileForm settings={settings.data} />
      )}
    </SettingsSection>
  );
}

function PublicProfileForm({ settings }: { settings: PublicProfileSettings }) {
  const id = useId();
  const save = usePublicProfileMutation();
  // Clubs, agents and coaches have no athlete CV: their highlights are what they can add.
  const offered = publicSectionsFor(useCurrentUser()?.profile.userType ?? 'player');
  const [draft, setDraft] = useState<Draft>(() =>
    settings.enabled
      ? { sections: settings.sections, allowIndexing: settings.allowIndexing }
      : { sections: [...offered], allowIndexing: false },
  );
  // While a change is on its way, the switch shows where it is going.
  const enabled = save.isPending ? save.variables !== null : settings.enabled;

  function send(next: Draft | null, done: string) {
    save.mutate(next, {
      onSuccess: () => toast.success(done),
      onError: (error) => toast.error(error.message || m.saveFailed),
    });
  }

  function change(next: Draft) {
    setDraft(next);
    if (settings.enabled) send(next, m.saved);
  }

  function toggleSection(section: PublicProfileSection, on: boolean) {
    // Kept in the order the page shows them.
    const sections = offered.filter((s) => (s === section ? on : draft.sections.includes(s)));
    change({ ...draft, sections });
  }

  if (!settings.eligible) {
    return (
      <p className="text-sm text-slate-800">
        {m.minorsCannot} Until then, only members of Arena see your profile.
      </p>
    );
  }

  return (
    <div className="grid gap-5">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={`${id}-switch`} className="text-base">
          Show my public profile
        </Label>
        <Switch.Root
          id={`${id}-switch`}
          checked={enabled}
          disabled={save.isPending}
          onCheckedChange={(on) => send(on ? draft : null, on ? m.saved : m.turnedOff)}
          className={cx(
            'relative h-6 w-11 shrink-0 rounded-full bg-slate-400 transition-colors data-[state=checked]:bg-green-700 disabled:opacity-60',
            focusRing,
          )}
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
      </div>

      {settings.enabled ? <ShareLink url={settings.url} /> : null}

      <fieldset className="grid gap-3" disabled={save.isPending}>
        <legend className="mb-2 text-sm font-semibold text-slate-900">
          What it shows besides your name and photo
        </legend>
        {offered.map((section) => (
          <div key={section} className="flex items-center gap-3">
            <Checkbox
              id={`${id}-${section}`}
              checked={draft.sections.includes(section)}
              disabled={save.isPending}
              onCheckedChange={(on) => toggleSection(section, on === true)}
            />
            <Label htmlFor={`${id}-${section}`}>{PUBLIC_PROFILE_SECTION_LABELS[section]}</Label>
          </div>
        ))}
      </fieldset>

      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-indexing`}
          className="mt-0.5"
          checked={draft.allowIndexing}
          disabled={save.isPending}
          aria-describedby={`${id}-indexing-hint`}
          onCheckedChange={(on) => change({ ...draft, allowIndexing: on === true })}
        />
        <div className="grid gap-0.5">
          <Label htmlFor={`${id}-indexing`}>Allow search engines to show my profile</Label>
          <p id={`${id}-indexing-hint`} className="text-sm text-slate-700">
            Off: people with the link can open it, but search engines are asked not to list it.
          </p>
        </div>
      </div>
    </div>
  );
}

/** The address to share, with Copy and Open. */
function ShareLink({ url }: { url: string }) {
  const id = useId();
  const path = new URL(url).pathname;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy the link. Select it and copy it yourself.');
    }
  }
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-url`}>Your public profile’s link</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={`${id}-url`}
          readOnly
          value={url}
          className="min-w-0 flex-1"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden />
          Copy link
        </Button>
        <Button asChild variant="ghost">
          <Link to={path}>Open</Link>
        </Button>
      </div>
    </div>
  );
}
