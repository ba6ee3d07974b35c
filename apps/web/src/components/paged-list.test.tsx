import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';

import { PagedList } from './paged-list.tsx';
import type { PagedQuery } from './paged-list.tsx';

type Item = { id: string; name: string };

function query(overrides: Partial<PagedQuery<Item>>): PagedQuery<Item> {
  return {
    data: undefined,
    status: 'success',
    hasNextPage: false,
    isFetchingNextPage: false,
    isRefetching: false,
    fetchNextPage: vi.fn(() => Promise.resolve()),
    refetch: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

const pages = (...names: string[][]) => ({
  pages: names.map((page) => ({ items: page.map((name) => ({ id: name, name })) })),
});

function renderList(q: PagedQuery<Item>) {
  render(
    <PagedList
      query={q}
      label="Teams"
      loadingLabel="Loading teams..."
      loadingMoreLabel="Loading more teams..."
      failedTitle="Couldn't load teams"
      failedDetail="Network down"
      empty={<p>No teams yet</p>}
      renderItem={(item) => <span>{item.name}</span>}
    />,
  );
}

it('shows every page in one named list, and asks for the next page on Load more', async () => {
  const q = query({ data: pages(['Ajax', 'Benfica'], ['Celtic']), hasNextPage: true });
  renderList(q);
  const list = screen.getByRole('list', { name: 'Teams' });
  expect(list.querySelectorAll('li')).toHaveLength(3);
  expect(list).toHaveTextContent('AjaxBenficaCeltic');

  await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
  expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
});

it('has no Load more on the last page, and a spinner while the next page loads', () => {
  renderList(query({ data: pages(['Ajax']) }));
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  cleanup();

  renderList(query({ data: pages(['Ajax']), hasNextPage: true, isFetchingNextPage: true }));
  expect(screen.getByText('Loading more teams...')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

it('says it is loading, then that it is empty', () => {
  renderList(query({ status: 'pending' }));
  expect(screen.getByText('Loading teams...')).toBeInTheDocument();
  cleanup();

  renderList(query({ data: pages([]) }));
  expect(screen.getByText('No teams yet')).toBeInTheDocument();
  expect(screen.queryByRole('list')).not.toBeInTheDocument();
});

it('offers a retry when nothing could be loaded, but keeps items already shown', async () => {
  const failed = query({ status: 'error' });
  renderList(failed);
  expect(screen.getByRole('alert')).toHaveTextContent("Couldn't load teamsNetwork down");
  await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
  expect(failed.refetch).toHaveBeenCalledTimes(1);
  cleanup();

  renderList(query({ status: 'error', data: pages(['Ajax']) }));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Teams' })).toHaveTextContent('Ajax');
});
