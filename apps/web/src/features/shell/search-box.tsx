import { plural } from '@arena/shared/plural';
import { LIMITS } from '@arena/shared/limits';
import type { ProfileSummary } from '@arena/shared/profile.schema';
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';

import { useSearchQuery } from '../people/people-queries.ts';
import { profileHref } from '../people/person-identity.tsx';
import { SearchResultsList, searchOptionId } from '../people/search-results-list.tsx';
import { useDebouncedValue } from '../people/use-debounced-value.ts';

/**
 * The top bar's people search (from md; phones open it from a button: mobile-search.tsx; spec section 2, Search): from 2 characters, 300 ms
 * after typing stops, up to 5 people. Arrow keys move through them, Enter opens one, Escape
 * closes the list; choosing one opens the profile and clears the box. The list hides 200 ms after
 * the box loses focus, so a click on it still lands. An ARIA 1.2 combobox with a listbox popup.
 */
export function SearchBox({
  inDialog = false,
  onChosen,
}: {
  /**
   * Phones: the box fills the search dialog the top bar's Search button opens, focused, with its
   * results below it rather than floating over the page.
   */
  inDialog?: boolean;
  /** Called once a person was chosen (the dialog closes). */
  onChosen?: () => void;
} = {}) {
  const navigate = useNavigate();
  const listId = useId();
  const labelId = useId();
  const inputId = inDialog ? 'mobile-search' : 'global-search';
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const q = useDebouncedValue(text.trim(), LIMITS.searchDebounceMs);
  const searching = q.length >= LIMITS.searchMinChars;
  const search = useSearchQuery(q);
  const results = searching && search.data ? search.data.slice(0, LIMITS.searchResults) : [];

  useEffect(() => {
    if (search.error) console.error('People search failed', search.error);
  }, [search.error]);
  useEffect(() => setHighlighted(-1), [q]);
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const expanded =
    open && searching && !search.isError && (results.length > 0 || !search.isFetching);

  function choose(person: ProfileSummary) {
    setText('');
    setOpen(false);
    setHighlighted(-1);
    onChosen?.();
    void navigate(profileHref(person.username));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlighted((index) =>
          index === -1 ? (step === 1 ? 0 : count - 1) : (index + step + count) % count,
        );
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const person = expanded ? results[highlighted] : undefined;
        if (person) choose(person);
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setHighlighted(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
    }
  }

  return (
    <form
      role="search"
      aria-label="Site"
      // At xl an admin's bar holds eight links, the bell and the menu: w-64 left it 37 px too
      // wide at 1280 px.
      className={inDialog ? 'relative w-full' : 'relative hidden w-44 md:block lg:w-40 xl:w-52'}
      onSubmit={(event) => event.preventDefault()}
    >
      <label id={labelId} htmlFor={inputId} className="sr-only">
        Search
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600"
        aria-hidden
      />
      <input
        id={inputId}
        type="search"
        autoFocus={inDialog}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={
          expanded && highlighted >= 0 ? searchOptionId(listId, highlighted) : undefined
        }
        placeholder="Search"
        autoComplete="off"
        maxLength={100}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          if (hideTimer.current) clearTimeout(hideTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          hideTimer.current = setTimeout(() => {
            setOpen(false);
            setHighlighted(-1);
          }, LIMITS.searchBlurHideMs);
        }}
        onKeyDown={onKeyDown}
        className="h-9 w-full rounded-full border border-transparent bg-slate-100 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-600 focus-visible:border-blue-600 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-blue-600/40"
      />
      <div
        hidden={!expanded}
        className={
          inDialog
            ? 'mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white'
            : 'absolute top-full left-0 z-50 mt-2 w-72 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg xl:w-full'
        }
      >
        <SearchResultsList
          id={listId}
          labelId={labelId}
          results={results}
          highlighted={highlighted}
          onHighlight={setHighlighted}
          onChoose={choose}
        />
        {expanded && results.length === 0 ? (
          <p className="px-3 py-3 text-sm text-slate-700">No users found</p>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {expanded ? `${plural(results.length, 'person', 'people')} found` : ''}
      </p>
    </form>
  );
}
