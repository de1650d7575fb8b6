import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connections, PersonDetail } from '@tolk/shared/schemas/connect';
import { HttpError } from '../../../lib/http-error';
import { get, post, put } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { LoginResponseProvider } from '../../../lib/session';
import { aConnection, aPersonDetail, aReaderText, aTrip, LUCIA_ID, NO_CONNECTIONS } from '../test-factories';
import { Component as PersonScreen } from './person-screen';

let person: PersonDetail | HttpError;
let connections: Connections;

vi.mock('../api/get-person', () => ({
  personQueryKey: (id: string) => ['connect', 'people', 'detail', id],
  personQuery: (id: string) =>
    queryOptions({
      queryKey: ['connect', 'people', 'detail', id],
      queryFn: () => (person instanceof HttpError ? Promise.reject(person) : Promise.resolve(person)),
    }),
}));
vi.mock('../api/list-connections', () => ({
  connectionsQuery: () =>
    queryOptions({ queryKey: ['connect', 'connections'], queryFn: () => Promise.resolve(connections) }),
}));
// The person's writes: requests and answers, the chat, reports (POST) and blocking (PUT); the one
// read through HTTP here is the references section's (none written yet).
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const CONNECTION_ID = aConnection().id;

/** What the server answers each POST of the screen: a request, an acceptance, a chat, a report, else ok. */
function answerTo(url: string): unknown {
  if (url.endsWith('/request')) return { id: CONNECTION_ID, state: 'pending' };
  if (url.endsWith('/accept')) return { id: CONNECTION_ID, state: 'accepted' };
  if (url === '/conversations') return { id: 'c1' };
  if (url === '/reports') return { id: 'r1' };
  return { ok: true };
}

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  vi.mocked(post).mockImplementation((url: string) => Promise.resolve(answerTo(url) as never));
  vi.mocked(put).mockResolvedValue({ ok: true });
  // The references section's page, and (GET /references/ratings) the ratings of the offers: none yet.
  vi.mocked(get).mockImplementation((url: string) =>
    Promise.resolve(
      (url.startsWith('/references/ratings')
        ? { things: [] }
        : {
            items: [],
            nextCursor: null,
            counts: {
              meeting: { positive: 0, neutral: 0, negative: 0 },
              order: { positive: 0, neutral: 0, negative: 0 },
            },
            rating: { average: null, count: 0 },
          }) as never,
    ),
  );
  person = aPersonDetail();
  connections = NO_CONNECTIONS;
  await chooseUiLanguage('en');
});

async function renderScreen() {
  const router = createMemoryRouter(
    [
      { path: '/connect/:id', element: <PersonScreen /> },
      { path: '/connect', element: <p>Discover list</p> },
      { path: '/muses/:id', element: <p>Thread</p> },
      { path: '/order/add', element: <p>Order form</p> },
    ],
    { initialEntries: [`/connect/${LUCIA_ID}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LoginResponseProvider>
        <RouterProvider router={router} />
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return router;
}

describe('/connect/{id}', () => {
  it('shows the person: bio in my language with its original a tap away, languages, shared interests, trips', async () => {
    const user = userEvent.setup();
    person = aPersonDetail({
      trips: [
        {
          id: 't1',
          owner: { id: LUCIA_ID, username: 'lucia', displayName: 'Lucía', avatarUrl: null },
          city: { id: 2267057, name: 'Lisbon', country: 'PT' },
          arrival: '2026-07-03',
          departure: '2026-07-10',
          note: aReaderText({ original: 'Primera vez en Lisboa', text: 'First time in Lisbon' }),
          visibility: 'everyone',
        },
      ],
    });
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: /Lucía/ })).toBeTruthy();
    expect(screen.getByText('12 km away')).toBeTruthy();
    expect(screen.getByText('Language exchange match')).toBeTruthy();

    const about = screen.getByRole('region', { name: 'About' });
    expect(within(about).getByText('Hi, I am from Madrid and I love hiking.')).toBeTruthy();
    await user.click(within(about).getByRole('button', { name: 'Show original' }));
    expect(within(about).getByText('Hola, soy de Madrid y me encanta el senderismo.').getAttribute('lang')).toBe('es');

    const interests = within(screen.getByRole('region', { name: 'Interests' })).getAllByRole('listitem');
    expect(interests.map((item) => [item.textContent, item.className])).toEqual([
      ['Hiking (you share this)', 'shared'],
      ['Photography', ''],
      ['Coffee', ''],
    ]);

    const trips = screen.getByRole('region', { name: 'Upcoming trips' });
    expect(within(trips).getByText('Lisbon, Portugal')).toBeTruthy();
    expect(within(trips).getByText(/Jul/).textContent).toMatch(/3.*10 Jul.*2026|Jul 3.*10, 2026/);
    expect(within(trips).getByText('First time in Lisbon')).toBeTruthy();
  });

  it('shows what they offer: price in my language and unit, availability, photos, description translated', async () => {
    const user = userEvent.setup();
    person = aPersonDetail({
      offers: [
        {
          id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
          createdAt: '2026-05-01T10:00:00.000Z',
          updatedAt: '2026-05-01T10:00:00.000Z',
          name: 'Paseo por Lavapiés',
          photos: [{ id: 'p1', url: '/api/uploads/p1', thumbUrl: '/api/uploads/p1/thumb', width: 4, height: 3 }],
          priceMinor: 1250,
          currency: 'EUR',
          unit: 'person',
          availability: 'on_request',
          owner: { id: LUCIA_ID, username: 'lucia', displayName: 'Lucía' },
          description: aReaderText({
            original: 'Dos horas por el barrio.',
            text: 'Two hours around the neighbourhood.',
          }),
        },
      ],
    });
    await renderScreen();
    const offers = screen.getByRole('region', { name: 'What Lucía offers' });
    expect(within(offers).getByRole('heading', { level: 3, name: 'Paseo por Lavapiés' })).toBeTruthy();
    expect(within(offers).getByText('€12.50')).toBeTruthy();
    expect(within(offers).getByText('per person')).toBeTruthy();
    expect(within(offers).getByText('On request')).toBeTruthy();
    expect(within(offers).getByRole('img', { name: 'Photo of Paseo por Lavapiés' }).getAttribute('src')).toBe(
      '/api/uploads/p1/thumb',
    );
    expect(within(offers).getByText('Two hours around the neighbourhood.')).toBeTruthy();
    await user.click(within(offers).getByRole('button', { name: 'Show original' }));
    expect(within(offers).getByText('Dos horas por el barrio.').getAttribute('lang')).toBe('es');
  });

  it('reads the prices of what they offer as a German reader writes money', async () => {
    person = aPersonDetail({
      offers: [
        {
          id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
          createdAt: '2026-05-01T10:00:00.000Z',
          updatedAt: '2026-05-01T10:00:00.000Z',
          name: 'Clase de cocina',
          photos: [],
          priceMinor: 4000,
          currency: 'EUR',
          unit: 'hour',
          availability: 'available',
          owner: { id: LUCIA_ID, username: 'lucia', displayName: 'Lucía' },
          description: null,
        },
      ],
    });
    await chooseUiLanguage('de');
    await renderScreen();
    const offers = screen.getByRole('region', { name: 'Was Lucía anbietet' });
    expect(within(offers).getByText(/^40,00\s€$/)).toBeTruthy();
    expect(within(offers).getByText('pro Stunde')).toBeTruthy();
  });

  it('offers Order on what can be had now, leading to the order form, and not on what is unavailable', async () => {
    const user = userEvent.setup();
    const offer = {
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:00.000Z',
      photos: [],
      priceMinor: 2500,
      currency: 'EUR',
      unit: 'person' as const,
      owner: { id: LUCIA_ID, username: 'lucia', displayName: 'Lucía' },
      description: null,
    };
    person = aPersonDetail({
      offers: [
        {
          ...offer,
          id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
          name: 'Paseo por Lavapiés',
          availability: 'on_request',
        },
        { ...offer, id: '7e6d5c4b-3a2f-4e1d-9c8b-7a6f5e4d3c2b', name: 'Clase de cocina', availability: 'unavailable' },
      ],
    });
    const router = await renderScreen();
    const offers = screen.getByRole('region', { name: 'What Lucía offers' });
    expect(
      within(offers)
        .getAllByRole('link', { name: /^Order/ })
        .map((link) => link.textContent.trim()),
    ).toEqual(['Order']);
    await user.click(within(offers).getByRole('link', { name: 'Order Paseo por Lavapiés' }));
    expect(router.state.location.pathname).toBe('/order/add');
    expect(router.state.location.search).toBe('?thing=5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a&owner=lucia');
  });

  it('has no offers section when they offer nothing', async () => {
    await renderScreen();
    expect(screen.queryByRole('region', { name: /offers/ })).toBeNull();
  });

  it('asks to connect with a note, said to be translated for them', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Lucía' });
    expect(within(dialog).getByText('Write in your language: Lucía reads it in theirs.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Add a note (optional)'), '  Shall we practise?  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/connect/people/${LUCIA_ID}/request`, { note: 'Shall we practise?' });
    });
    expect(toast.success).toHaveBeenCalledWith('Request sent to Lucía.');
  });

  it('says why a request failed, in the dialog', async () => {
    const user = userEvent.setup();
    vi.mocked(post).mockRejectedValue(new HttpError(429, 'rate_limited', 'Too many', {}, 7200));
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect with Lucía' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many attempts. Try again in 2 hours.');
  });

  it('withdraws my pending request', async () => {
    const user = userEvent.setup();
    person = aPersonDetail({ connection: 'outgoing', requestNote: aReaderText({ state: 'same', original: 'Hi!' }) });
    connections = { ...NO_CONNECTIONS, outgoing: [aConnection({ direction: 'outgoing' })] };
    await renderScreen();
    expect(screen.getByText('Your note:')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    const withdraw = screen.getByRole('button', { name: 'Withdraw request' });
    await waitFor(() => {
      expect(withdraw.hasAttribute('disabled')).toBe(false);
    });
    await user.click(withdraw);
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/connect/connections/${CONNECTION_ID}/withdraw`);
    });
  });

  it('accepts or declines their request, showing their note in my language', async () => {
    const user = userEvent.setup();
    person = aPersonDetail({
      connection: 'incoming',
      requestNote: aReaderText({ original: '¿Practicamos?', text: 'Shall we practise?' }),
    });
    connections = { ...NO_CONNECTIONS, incoming: [aConnection()] };
    await renderScreen();
    expect(screen.getByText('Lucía wrote:')).toBeTruthy();
    expect(screen.getByText('Shall we practise?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept' });
    await waitFor(() => {
      expect(accept.hasAttribute('disabled')).toBe(false);
    });
    await user.click(accept);
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/connect/connections/${CONNECTION_ID}/accept`);
    });
    expect(toast.success).toHaveBeenCalledWith('You and Lucía are now connected.');
  });

  it('opens the direct chat with a connection', async () => {
    const user = userEvent.setup();
    person = aPersonDetail({ connection: 'connected' });
    connections = { ...NO_CONNECTIONS, connected: [aConnection({ state: 'accepted' })] };
    const router = await renderScreen();
    expect(screen.getByText('Connected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Message' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/muses/c1');
    });
    expect(post).toHaveBeenCalledWith('/conversations', { kind: 'direct', members: ['lucia'] });
  });

  it('says why I cannot message someone who takes messages from connections only', async () => {
    person = aPersonDetail({ canMessage: false });
    await renderScreen();
    const message = screen.getByRole('button', { name: 'Message' });
    expect(message.hasAttribute('disabled')).toBe(true);
    expect(message.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(message.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Only their connections can message them.',
    );
  });

  it('blocks after asking, then goes back to Connect with a toast', async () => {
    const user = userEvent.setup();
    const router = await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Block' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Block Lucía?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/connect');
    });
    expect(put).toHaveBeenCalledWith(`/connect/people/${LUCIA_ID}/block`);
    expect(toast.success).toHaveBeenCalledWith('Lucía is blocked.');
  });

  it('reports the person, with a reason, and thanks me', async () => {
    const user = userEvent.setup();
    await renderScreen();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Lucía' });
    await user.click(within(dialog).getByRole('radio', { name: /Spam/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/reports', {
        targetKind: 'profile',
        targetId: LUCIA_ID,
        reason: 'spam',
        note: '',
      });
    });
    expect(toast.success).toHaveBeenCalledWith('Thanks, our team will look at it.');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });

  it('reports one of their trips', async () => {
    const user = userEvent.setup();
    person = aPersonDetail({ trips: [aTrip({ id: 'lucia-trip' })] });
    await renderScreen();
    const trips = screen.getByRole('region', { name: 'Upcoming trips' });
    await user.click(within(trips).getByRole('button', { name: 'Report trip' }));
    const dialog = screen.getByRole('dialog', { name: 'Report Lucía’s trip' });
    await user.click(within(dialog).getByRole('radio', { name: /Something else/ }));
    await user.type(within(dialog).getByLabelText('What happened? (optional)'), 'Advertises a hostel.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/reports', {
        targetKind: 'trip',
        targetId: 'lucia-trip',
        reason: 'other',
        note: 'Advertises a hostel.',
      });
    });
  });

  it('says a person it cannot find is not there, with a way back and no retry', async () => {
    person = new HttpError(404, 'not_found', 'Person not found.');
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Person not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Connect' }).getAttribute('href')).toBe('/connect');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
