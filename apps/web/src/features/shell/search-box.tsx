import { Search } from 'lucide-react';

/**
 * The top bar's search box (desktop only). People search arrives with the search feature; until
 * then the box is here so the layout is final, and submitting it does nothing.
 */
export function SearchBox() {
  return (
    <form
      role="search"
      aria-label="Site"
      className="relative hidden w-44 md:block lg:w-40 xl:w-64"
      onSubmit={(event) => event.preventDefault()}
    >
      <label htmlFor="global-search" className="sr-only">
        Search
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600"
        aria-hidden
      />
      <input
        id="global-search"
        type="search"
        placeholder="Search"
        autoComplete="off"
        className="h-9 w-full rounded-full border border-transparent bg-slate-100 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-600 focus-visible:border-blue-600 focus-visible:bg-white focus-visible:outline-2 focus-visible:outline-blue-600/40"
      />
    </form>
  );
}
