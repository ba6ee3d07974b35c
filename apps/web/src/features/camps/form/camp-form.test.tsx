import { CAMP_MESSAGES } from '@arena/shared/camp.schema';
import { MESSAGES } from '@arena/shared/messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';

import { makeCamp } from '../../../test/camp-data.ts';
import { renderApp } from '../../../test/render-app.tsx';

// Whole pages with forms, under a loaded parallel run.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const club = { profile: { userType: 'club' as const, verified: true } };
const camp = makeCamp();

async function fill(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

/** A day `days` from today, as a date field holds it. */
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

it('says what is missing or wrong, with the shared messages, and sends nothing', async () => {
  const { api, user } = renderApp('/sport-camps/new', { signedInAs: club });
  await screen.findByLabelText('Camp title');
  await fill(user, 'Price (empty or 0: free)', '10.555');
  await user.click(await screen.findByRole('button', { name: 'Post camp' }));
  expect(await screen.findByText(CAMP_MESSAGES.titleRequired)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.sportRequired)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.organizerRequired)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.levelRequired)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.descriptionRequired)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.capacityInvalid)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.contactRequired)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.priceInvalid)).toBeInTheDocument();
  expect(screen.getAllByText(CAMP_MESSAGES.dateInvalid)).toHaveLength(2);
  expect(screen.getByLabelText('Camp title')).toHaveAttribute('aria-invalid', 'true');

  // Once each field is right on its own, the rules between fields speak.
  await fill(user, 'Camp title', 'Summer Camp');
  await user.selectOptions(screen.getByLabelText('Sport'), 'football');
  await fill(user, 'Organiser', 'Riverside Academy');
  await user.selectOptions(screen.getByLabelText('Level'), 'elite');
  await fill(user, 'Description', 'Technique.');
  await fill(user, 'Capacity (places)', '10');
  await fill(user, 'Contact', 'camps@riverside.test');
  await user.clear(screen.getByLabelText('Price (empty or 0: free)'));
  await fill(user, 'Start date', '2020-01-02');
  await fill(user, 'End date', '2020-01-01');
  await fill(user, 'Youngest age', '16');
  await fill(user, 'Oldest age', '12');
  await user.click(screen.getByRole('button', { name: 'Post camp' }));
  expect(await screen.findByText(CAMP_MESSAGES.startInPast)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.placeRequired)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.endBeforeStart)).toBeInTheDocument();
  expect(screen.getByText(CAMP_MESSAGES.agesInvalid)).toBeInTheDocument();

  // Online: no venue, city or country, and their fields go.
  await user.click(screen.getByRole('switch', { name: 'Online camp' }));
  expect(screen.queryByLabelText('Venue')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Post camp' }));
  await waitFor(() =>
    expect(screen.queryByText(CAMP_MESSAGES.placeRequired)).not.toBeInTheDocument(),
  );
  expect(screen.getByText(CAMP_MESSAGES.startInPast)).toBeInTheDocument();
  expect(api.callsTo('/api/camps')).toHaveLength(0);
});

it('posts a camp, shows the server’s refusals on their fields, and opens the camp', async () => {
  const { api, user, router } = renderApp('/sport-camps/new', {
    signedInAs: club,
    api: {
      'POST /api/camps': [
        {
          status: 400,
          body: {
            error: {
              code: 'bad_request',
              message: CAMP_MESSAGES.tooManyDays,
              fields: { endsOn: CAMP_MESSAGES.tooManyDays },
            },
          },
        },
        { status: 201, body: camp },
      ],
      [`/api/camps/${camp.id}`]: [{ status: 200, body: camp }],
    },
  });
  await screen.findByLabelText('Camp title');
  await fill(user, 'Camp title', camp.title);
  await user.selectOptions(screen.getByLabelText('Sport'), 'football');
  await fill(user, 'Organiser', camp.organizer);
  await user.selectOptions(screen.getByLabelText('Level'), 'intermediate');
  await fill(user, 'Description', camp.description);
  await fill(user, 'Venue', 'Riverside Park');
  await fill(user, 'City', 'Porto');
  await fill(user, 'Country', 'Portugal');
  await fill(user, 'Start date', inDays(30));
  await fill(user, 'End date', inDays(34));
  await fill(user, 'Youngest age', '12');
  await fill(user, 'Price (empty or 0: free)', '49.5');
  await fill(user, 'Capacity (places)', '20');
  await fill(user, 'Contact', 'camps@riverside.test');
  await user.click(screen.getByRole('button', { name: 'Post camp' }));
  expect(await screen.findByText(CAMP_MESSAGES.tooManyDays)).toBeInTheDocument();
  expect(screen.getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
  expect(api.callsTo('/api/camps')[0]?.body).toMatchObject({
    title: camp.title,
    sport: 'football',
    online: false,
    venue: 'Riverside Park',
    startsOn: inDays(30),
    endsOn: inDays(34),
    ageMin: 12,
    ageMax: null,
    level: 'intermediate',
    price: 49.5,
    currency: 'EUR',
    capacity: 20,
    registrationDeadline: null,
    whatToBring: null,
    imageUploadId: null,
  });

  await user.click(screen.getByRole('button', { name: 'Post camp' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/sport-camps/${camp.id}`));
  expect(await screen.findByText(CAMP_MESSAGES.posted)).toBeInTheDocument();
});

it('turns away a player with the reason', async () => {
  renderApp('/sport-camps/new', { signedInAs: { profile: { userType: 'player' } } });
  expect(await screen.findByRole('alert')).toHaveTextContent(CAMP_MESSAGES.accessDenied);
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

it('edits a camp: prefilled, saved with PUT, the photo kept', async () => {
  const mine = makeCamp({
    canManage: true,
    price: 0,
    currency: null,
    startsOn: inDays(30),
    endsOn: inDays(31),
  });
  const { api, user, router } = renderApp(`/sport-camps/${camp.id}/edit`, {
    signedInAs: club,
    api: {
      [`GET /api/camps/${camp.id}`]: [{ status: 200, body: mine }],
      [`PUT /api/camps/${camp.id}`]: [{ status: 200, body: { ...mine, capacity: 30 } }],
    },
  });
  expect(await screen.findByLabelText('Camp title')).toHaveValue(camp.title);
  expect(screen.getByLabelText('Sport')).toHaveValue('football');
  const capacity = screen.getByLabelText('Capacity (places)');
  await user.clear(capacity);
  await user.type(capacity, '30');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  await waitFor(() => expect(router.state.location.pathname).toBe(`/sport-camps/${camp.id}`));
  expect(await screen.findByText(CAMP_MESSAGES.updated)).toBeInTheDocument();
  const put = api.calls.find((call) => call.method === 'PUT');
  expect(put?.body).toMatchObject({
    capacity: 30,
    price: 0,
    currency: null,
    removeImage: false,
    imageUploadId: null,
  });
});

it('takes a photo only, under a post photo’s rules', async () => {
  renderApp('/sport-camps/new', { signedInAs: club });
  await screen.findByRole('button', { name: 'Add a photo' });
  const picker = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!picker) throw new Error('no file input');
  // As a file chosen with "All files" would arrive, past the picker's own filter.
  fireEvent.change(picker, {
    target: { files: [new File(['video'], 'camp.mp4', { type: 'video/mp4' })] },
  });
  expect(await screen.findByRole('alert')).toHaveTextContent(CAMP_MESSAGES.imageNotPhoto);
  fireEvent.change(picker, {
    target: { files: [new File(['text'], 'camp.txt', { type: 'text/plain' })] },
  });
  expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.post.mediaUnsupported);
  expect(screen.queryByRole('img', { name: 'Camp photo preview' })).not.toBeInTheDocument();
});
