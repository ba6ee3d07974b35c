import { MESSAGES } from '@arena/shared/messages';
import { SAVED_SEARCH_LIMITS, type SavedSearch } from '@arena/shared/scout.schema';
import { Trash2 } from 'lucide-react';
import { type SyntheticEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { cx, focusRing } from '../../components/ui/class-names.ts';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import {
  useDeleteSavedSearch,
  useSavedSearchesQuery,
  useSaveSearch,
  useUpdateSavedSearch,
} from './saved-search-queries.ts';

const m = MESSAGES.scout;

/** The same search whatever the order of its query string's names. */
function sameQuery(a: string, b: string): boolean {
  const sorted = (query: string) =>
    [...new URLSearchParams(query)]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  return sorted(a) === sorted(b);
}

/**
 * /scout's saved searches (issue 24): each opens its results, alerts about athletes who newly
 * match (at most daily, as Settings → Notifications says), and can be deleted (with Undo). "Save
 * this search" keeps the filters applied now, under a name.
 */
export function SavedSearches({ query, filtered }: { query: string; filtered: boolean }) {
  const headingId = useId();
  const saved = useSavedSearchesQuery();
  // Here, not in the row: the row is gone by the time its Undo is pressed.
  const restore = useSaveSearch();
  const undo = (search: SavedSearch) =>
    restore.mutate(
      { name: search.name, query: search.query, alerts: search.alerts },
      { onError: (error) => toast.error(error.message) },
    );
  const items = saved.data?.items ?? [];
  const full = items.length >= SAVED_SEARCH_LIMITS.perAccount;
  const current = items.find((item) => sameQuery(item.query, query));

  let body;
  if (saved.isPending) {
    body = <p className="text-sm text-slate-700">Loading saved searches...</p>;
  } else if (saved.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-slate-800">{m.savedLoadFailed}</p>
        <Button
          size="sm"
          variant="outline"
          disabled={saved.isRefetching}
          onClick={() => void saved.refetch()}
        >
          {saved.isRefetching ? 'Retrying...' : 'Retry'}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <p className="text-sm text-slate-700">
        Save a search to come back to it, and to hear about new athletes who match.
      </p>
    );
  } else {
    body = (
      <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-slate-200">
        {items.map((search) => (
          <SavedSearchRow
            key={search.id}
            search={search}
            current={search === current}
            onUndo={() => undo(search)}
          />
        ))}
      </ul>
    );
  }

  return (
    <Card className="mt-5 p-4">
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="font-semibold text-slate-900">
            Saved searches
            {items.length > 0 ? (
              <span className="ml-1 font-normal text-slate-700">
                ({items.length} of {SAVED_SEARCH_LIMITS.perAccount})
              </span>
            ) : null}
          </h2>
          {current ? (
            <p className="text-sm text-slate-700">This search is saved as “{current.name}”.</p>
          ) : (
            <SaveSearchButton query={query} filtered={filtered} full={full} />
          )}
        </div>
        {body}
      </section>
    </Card>
  );
}

function SavedSearchRow({
  search,
  current,
  onUndo,
}: {
  search: SavedSearch;
  current: boolean;
  onUndo: () => void;
}) {
  const id = useId();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  // The box shows the click at once; the server's answer (or a refusal) then decides.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const alerts = update.isPending && chosen !== null ? chosen : search.alerts;

  function toggle(on: boolean) {
    setChosen(on);
    update.mutate(
      { id: search.id, change: { alerts: on } },
      {
        onSuccess: () =>
          toast.success(on ? `Alerts on for “${search.name}”` : `Alerts off for “${search.name}”`),
        onError: (error) => toast.error(error.message),
        onSettled: () => setChosen(null),
      },
    );
  }

  function erase() {
    remove.mutate(search, {
      onSuccess: () =>
        toast.success(`Deleted “${search.name}”`, { action: { label: 'Undo', onClick: onUndo } }),
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <Link
        to={`/scout?${search.query}`}
        aria-current={current ? 'page' : undefined}
        className={cx(
          'min-w-0 flex-1 truncate rounded font-medium text-blue-800 underline-offset-2 hover:underline',
          current && 'text-slate-900',
          focusRing,
        )}
      >
        {search.name}
      </Link>
      <span className="flex items-center gap-3">
        <span className="flex items-center gap-2">
          <Checkbox
            id={`${id}-alerts`}
            checked={alerts}
            disabled={update.isPending}
            onCheckedChange={(checked) => toggle(checked === true)}
            aria-label={`Alerts for “${search.name}”`}
          />
          <Label htmlFor={`${id}-alerts`} className="font-normal" aria-hidden>
            Alerts
          </Label>
        </span>
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={erase}
          aria-label={`Delete “${search.name}”`}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      </span>
    </li>
  );
}

function SaveSearchButton({
  query,
  filtered,
  full,
}: {
  query: string;
  filtered: boolean;
  full: boolean;
}) {
  const [open, setOpen] = useState(false);
  const hint = !filtered ? m.savedFiltersRequired : full ? m.savedLimit : null;
  return (
    <div className="flex flex-col items-end gap-1">
      <Dialog open={open} onOpenChange={setOpen}>
        <Button
          size="sm"
          variant="outline"
          disabled={hint !== null}
          aria-describedby={hint ? 'save-search-hint' : undefined}
          onClick={() => setOpen(true)}
        >
          Save this search
        </Button>
        {open ? <SaveSearchForm query={query} onDone={() => setOpen(false)} /> : null}
      </Dialog>
      {hint ? (
        <p id="save-search-hint" className="text-xs text-slate-700">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function SaveSearchForm({ query, onDone }: { query: string; onDone: () => void }) {
  const id = useId();
  const save = useSaveSearch();
  const [name, setName] = useState('');
  const [alerts, setAlerts] = useState(true);
  const [blank, setBlank] = useState(false);
  const failure = save.error instanceof ApiRequestError ? save.error : null;
  const nameError = blank
    ? m.savedNameRequired
    : (failure?.fields?.name ?? (failure?.status === 400 ? failure.message : undefined));
  const otherError = save.error && !nameError ? save.error.message : undefined;

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    // Checked here as well as by the server: nothing to send without a name.
    setBlank(name.trim() === '');
    if (name.trim() === '') return;
    save.mutate(
      { name, query, alerts },
      {
        onSuccess: (saved) => {
          toast.success(`Saved “${saved.name}”`);
          onDone();
        },
      },
    );
  }

  return (
    <DialogContent
      title="Save this search"
      description="Come back to these filters from the Scout page."
    >
      <form noValidate onSubmit={submit} className="grid gap-4">
        <Field id={`${id}-name`} label="Name" error={nameError} required>
          <Input
            {...fieldControlProps(`${id}-name`, nameError)}
            required
            maxLength={SAVED_SEARCH_LIMITS.name}
            placeholder="e.g. U19 left wingers"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${id}-alerts`}
            checked={alerts}
            onCheckedChange={(checked) => setAlerts(checked === true)}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-alerts`} className="font-normal">
            Alert me about new athletes who match (at most once a day, in Arena and as your
            notification settings say)
          </Label>
        </div>
        {otherError ? (
          <p role="alert" className="text-sm text-red-700">
            {otherError}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save search'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
