import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReferencesPage } from '@tolk/shared/schemas/references';
import { get, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { renderRoutes } from '../../../lib/test-render';
import { aPage, aReference, EVA, JOAO, ME } from '../test-factories';
import { ReferencesSection } from './references-section';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const COUNTS = {
  meeting: { positive: 10, neutral: 1, negative: 1 },
  order: { positive: 2, neutral: 0, negative: 1 },
};
const ORDER_REFERENCE = aReference({
  id: '0a1b2c3d-0000-4000-8000-0000000000b2',
  kind: 'order',
  opinion: 'negative',
  rating: 2,
  thing: { id: '0a1b2c3d-0000-4000-8000-0000000000d1', name: 'City walk' },
  title: 'City walk',
  canReply: true,
  text: {
    text: null,
    original: 'Came late and left early.',
    from: 'en',
    to: 'en',
    state: 'same',
    transliteration: null,
  },
});
let pages: Record<string, ReferencesPage>;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  localStorage.setItem(
    STORAGE_KEYS.loginResponse,
    JSON.stringify({ username: 'eva', tenant: 'public', roles: 'user', isloggedin: true, userid: ME }),
  );
  pages = {
    first: aPage({ items: [aReference()], nextCursor: 'c1', counts: COUNTS, rating: { average: 3.5, count: 2 } }),
    c1: aPage({ items: [ORDER_REFERENCE], counts: COUNTS, rating: { average: 3.5, count: 2 } }),
    order: aPage({ items: [ORDER_REFERENCE], counts: COUNTS, rating: { average: 3.5, count: 2 } }),
  };
  vi.mocked(get).mockImplementation((_url, config) => {
    const { cursor, kind } = (config?.params ?? {}) as { cursor?: string; kind?: string };
    return Promise.resolve(pages[cursor ?? kind ?? 'first']);
  });
  vi.mocked(post).mockResolvedValue(null);
  await chooseUiLanguage('en');
});
afterEach(() => {
  localStorage.clear();
});

const renderSection = () =>
  renderRoutes(
    [
      { path: '/profile', element: <ReferencesSection subjectId={ME} title="Written about me" /> },
      { path: '/connect/:id', element: <p>Person</p> },
    ],
    '/profile',
  );

describe('the references section', () => {
  it('counts them by kind and opinion, with the seller’s rating, and shows each in my language', async () => {
    const user = userEvent.setup();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Written about me' });
    expect(await within(section).findByText('12 meetings · 3 orders')).toBeTruthy();
    expect(within(section).getByText('12 positive · 1 neutral · 2 negative')).toBeTruthy();
    expect(within(section).getByText('3.5 · 2 ratings')).toBeTruthy();
    const reference = within(section).getByRole('article', { name: 'João' });
    expect(within(reference).getByRole('link', { name: 'João' }).getAttribute('href')).toBe(`/connect/${JOAO.id}`);
    expect(within(reference).getByText('Positive')).toBeTruthy();
    expect(within(reference).getByText('A wonderful guide to Lisbon.')).toBeTruthy();
    await user.click(within(reference).getByRole('button', { name: 'Show original' }));
    expect(within(reference).getByText('Uma guia maravilhosa de Lisboa.')).toBeTruthy();
  });

  it('asks again by kind when the filter changes', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('article', { name: 'João' });
    await user.click(screen.getByRole('button', { name: 'Orders' }));
    expect(await screen.findByText('Came late and left early.')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith(
      '/references',
      expect.objectContaining({ params: { subjectId: ME, kind: 'order', limit: 10 } }),
    );
    expect(screen.getByRole('button', { name: 'Orders' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows more from where the last page ended', async () => {
    const user = userEvent.setup();
    renderSection();
    await screen.findByRole('article', { name: 'João' });
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Came late and left early.')).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith(
      '/references',
      expect.objectContaining({ params: { subjectId: ME, limit: 10, cursor: 'c1' } }),
    );
    expect(screen.getByRole('img', { name: '2 of 5 stars' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('lets the subject reply once, then shows the reply instead of the button', async () => {
    const user = userEvent.setup();
    pages.first = aPage({ items: [ORDER_REFERENCE], counts: COUNTS });
    renderSection();
    const reference = await screen.findByRole('article', { name: 'João' });
    await user.click(within(reference).getByRole('button', { name: 'Reply' }));
    await user.type(within(reference).getByRole('textbox', { name: 'Your public reply' }), 'The tram broke down.');
    pages.first = aPage({
      items: [
        {
          ...ORDER_REFERENCE,
          canReply: false,
          reply: {
            text: {
              text: null,
              original: 'The tram broke down.',
              from: 'en',
              to: 'en',
              state: 'same',
              transliteration: null,
            },
            createdAt: new Date().toISOString(),
          },
        },
      ],
      counts: COUNTS,
    });
    await user.click(within(reference).getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/references/${ORDER_REFERENCE.id}/reply`, { text: 'The tram broke down.' });
    });
    expect(await within(reference).findByText('Reply from Eva')).toBeTruthy();
    expect(within(reference).getByText('The tram broke down.')).toBeTruthy();
    expect(within(reference).queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('reports another’s reference as a reference, and never offers to report my own', async () => {
    const user = userEvent.setup();
    pages.first = aPage({
      items: [aReference(), aReference({ id: '0a1b2c3d-0000-4000-8000-0000000000b3', author: EVA, subject: JOAO })],
    });
    vi.mocked(post).mockResolvedValue({ id: '0a1b2c3d-0000-4000-8000-0000000000e1' });
    renderSection();
    await screen.findByRole('article', { name: 'João' });
    expect(within(screen.getByRole('article', { name: 'Eva' })).queryByRole('button', { name: /Report/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report João’s reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report João’s reference' });
    await user.click(within(dialog).getByRole('radio', { name: /Harassment/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/reports', {
        targetKind: 'reference',
        targetId: aReference().id,
        reason: 'harassment',
        note: '',
      });
    });
  });

  it('says when there are none', async () => {
    pages.first = aPage();
    renderSection();
    expect(await screen.findByText('No references yet.')).toBeTruthy();
  });

  it('keeps a failure inside the section, with a retry', async () => {
    const user = userEvent.setup();
    vi.mocked(get).mockRejectedValueOnce(new Error('offline'));
    renderSection();
    const section = await screen.findByRole('region', { name: 'Written about me' });
    await user.click(await within(section).findByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText('A wonderful guide to Lisbon.')).toBeTruthy();
  });
});
