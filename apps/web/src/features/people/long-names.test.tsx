import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';

import { makePost } from '../../test/posts-harness.tsx';
import { OfferPoster } from '../offers/offer-poster.tsx';
import { PostAuthorLine } from '../posts/post-author-line.tsx';
import { PersonIdentity } from './person-identity.tsx';

const LONG = `${'Maximiliana '.repeat(8)}Lopez-Fernandes`.slice(0, 100);
const person = {
  id: '0d3f6a2e-1b4c-4d5e-8f90-a1b2c3d4e5f6',
  username: 'maxi',
  fullName: LONG,
  avatarUrl: null,
  verified: true,
  userType: 'player' as const,
};

/** The element that shows the whole name: cut short with an ellipsis, told in full on hover. */
function nameShown() {
  const [element] = screen.getAllByText(LONG);
  expect(element).toHaveAttribute('title', LONG);
  expect(element).toHaveClass('truncate');
  return element;
}

it.each([
  ['a people card', <PersonIdentity key="person" person={person} />],
  ['an offer’s poster', <OfferPoster key="poster" poster={person} />],
  [
    'a post card',
    <PostAuthorLine key="post" post={makePost({ author: person })} headingId="heading" />,
  ],
])('truncates a 100-character name in %s and keeps it whole for hover and readers', (_, ui) => {
  render(<MemoryRouter>{ui}</MemoryRouter>);
  expect(LONG).toHaveLength(100);
  expect(nameShown()).toHaveTextContent(LONG);
});
