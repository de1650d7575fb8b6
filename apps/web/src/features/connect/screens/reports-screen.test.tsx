import { infiniteQueryOptions, QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@tolk/shared/schemas/connect';
import type { TranslationFlag, TranslationFlagsPage } from '@tolk/shared/schemas/translation';
import { HttpError } from '../../../lib/http-error';
import { post, put } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { LoginResponseProvider } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import type { ReportState } from '../api/list-reports';
import { aReport, LUCIA_ID } from '../test-factories';
import { Component as ReportsScreen } from './reports-screen';

let queue: Record<ReportState, Report[] | HttpError>;

vi.mock('../api/list-reports', () => ({
  reportsQueryKey: ['reports'],
  reportsQuery: (state: ReportState) =>
    queryOptions({
      queryKey: ['reports', state],
      queryFn: () => {
        const answer = queue[state];
        return answer instanceof HttpError ? Promise.reject(answer) : Promise.resolve({ reports: answer });
      },
    }),
}));
// Resolving a report is the queue's one POST; hiding a reported reference its one PUT.
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
  put: vi.fn(),
}));
vi.mock('../api/list-translation-flags', () => ({
  translationFlagsQuery: () =>
    infiniteQueryOptions({
      queryKey: ['translation-flags'],
      queryFn: ({ pageParam }) => Promise.resolve(flagPages[pageParam ?? 'first']!),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: TranslationFlagsPage) => last.nextCursor ?? undefined,
    }),
}));

const aFlag = (overrides: Partial<TranslationFlag> = {}): TranslationFlag => ({
  id: '5d7e0c55-3f7a-4a52-9c33-6b1f3c6f0001',
  tenant: 'public',
  flaggedBy: { id: '5d7e0c55-3f7a-4a52-9c33-6b1f3c6f0002', username: 'anna', displayName: 'Anna' },
  museId: null,
  engine: 'apertium',
  pivot: null,
  from: 'es',
  to: 'en',
  sourceText: 'La estación está cerca',
  targetText: 'The season is near',
  createdAt: new Date().toISOString(),
  ...overrides,
});
let flagPages: Record<string, TranslationFlagsPage>;
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  vi.mocked(post).mockResolvedValue({ ok: true });
  vi.mocked(put).mockResolvedValue(null);
  queue = { open: [aReport()], resolved: [] };
  flagPages = {
    first: { items: [aFlag()], nextCursor: 'next' },
    next: {
      items: [aFlag({ id: '5d7e0c55-3f7a-4a52-9c33-6b1f3c6f0003', sourceText: 'Hola', targetText: 'Hi', pivot: 'es' })],
      nextCursor: null,
    },
  };
  signInAs('public');
  await chooseUiLanguage('en');
});

function signInAs(tenant: string) {
  localStorage.setItem(
    STORAGE_KEYS.loginResponse,
    JSON.stringify({ username: 'root', tenant, roles: 'superadmin', isloggedin: true, userid: 'u0' }),
  );
}

function renderAt(path = '/connect/reports') {
  const router = createMemoryRouter(
    [
      { path: '/connect/reports', element: <ReportsScreen /> },
      { path: '/connect', element: <p>Connect</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LoginResponseProvider>
        <RouterProvider router={router} />
      </LoginResponseProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe('/connect/reports', () => {
  it('shows each open report: why, who reported whom in which community, what as it was seen, the note', async () => {
    renderAt();
    const report = await screen.findByRole('article', { name: 'Harassment or bullying' });
    expect(within(report).getByText('Reported by').nextElementSibling?.textContent).toBe('Anna @anna');
    expect(within(report).getByText('About').nextElementSibling?.textContent).toBe('Lucía @lucia');
    expect(within(report).getByText('Community').nextElementSibling?.textContent).toBe('public');
    expect(within(report).getByText(/^Profile/)).toBeTruthy();
    expect(within(report).getByRole('link', { name: 'Open profile' }).getAttribute('href')).toBe(
      `/connect/${LUCIA_ID}`,
    );
    expect(within(report).getByRole('figure', { name: 'As it was reported' }).textContent).toContain(
      'Lucía\nHola, practico inglés.',
    );
    expect(within(report).getByRole('figure', { name: 'Their note' }).textContent).toContain(
      'Keeps sending me rude messages.',
    );
    expect(screen.getByRole('tab', { name: 'Open', selected: true })).toBeTruthy();
  });

  it('links to the profile only within my own community, where connect can show it', async () => {
    signInAs('root');
    renderAt();
    const report = await screen.findByRole('article', { name: 'Harassment or bullying' });
    expect(within(report).getByText('What').nextElementSibling?.textContent).toBe('Profile');
    expect(within(report).queryByRole('link')).toBeNull();
  });

  it('dismisses a report at once', async () => {
    const user = userEvent.setup();
    renderAt();
    const report = await screen.findByRole('article', { name: 'Harassment or bullying' });
    await user.click(within(report).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/reports/${aReport().id}/resolve`, { action: 'dismiss' });
    });
    expect(toast.success).toHaveBeenCalledWith('Report dismissed.');
  });

  it('hides a reported reference with a reason, then the report is dismissed as usual', async () => {
    const user = userEvent.setup();
    const referenceId = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    queue = { open: [aReport({ targetKind: 'reference', targetId: referenceId })], resolved: [] };
    renderAt();
    const report = await screen.findByRole('article', { name: 'Harassment or bullying' });
    await user.click(within(report).getByRole('button', { name: 'Hide reference' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide reference' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('At least 3 characters.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Insults a member');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => {
      expect(put).toHaveBeenCalledWith(`/admin/references/${referenceId}/hidden`, { reason: 'Insults a member' });
    });
    expect(toast.success).toHaveBeenCalledWith('Reference hidden.');
    await user.click(within(report).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/reports/${aReport().id}/resolve`, { action: 'dismiss' });
    });
  });

  it('offers Hide reference only on a reported reference', async () => {
    renderAt();
    const report = await screen.findByRole('article', { name: 'Harassment or bullying' });
    expect(within(report).queryByRole('button', { name: 'Hide reference' })).toBeNull();
  });

  it('suspends the account only after saying what that does', async () => {
    const user = userEvent.setup();
    renderAt();
    const report = await screen.findByRole('article', { name: 'Harassment or bullying' });
    await user.click(within(report).getByRole('button', { name: 'Suspend account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend Lucía?' });
    expect(within(dialog).getByText(/signed out everywhere at once.*hidden from everyone/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith(`/reports/${aReport().id}/resolve`, { action: 'suspend' });
    });
    expect(toast.success).toHaveBeenCalledWith('Lucía is suspended.');
  });

  it('shows resolved reports with what was done, and no actions', async () => {
    const user = userEvent.setup();
    queue.resolved = [
      aReport({
        state: 'resolved',
        resolution: 'suspended',
        resolvedAt: '2026-03-02T10:00:00.000Z',
        subject: { id: LUCIA_ID, username: 'lucia', displayName: 'Lucía', suspended: true },
      }),
    ];
    const router = renderAt();
    await screen.findByRole('article');
    await user.click(screen.getByRole('tab', { name: 'Resolved' }));
    expect(router.state.location.search).toBe('?state=resolved');
    const report = await screen.findByRole('article', { name: 'Harassment or bullying' });
    expect(within(report).getByText(/Account suspended on .*2026/)).toBeTruthy();
    expect(within(report).getByText('Suspended')).toBeTruthy();
    expect(within(report).queryByRole('button')).toBeNull();
  });

  it('says when nothing waits', async () => {
    queue.open = [];
    renderAt();
    expect(await screen.findByText('No open reports. All clear.')).toBeTruthy();
  });

  it('tells a member who is not an administrator, kindly, that it is not for them', async () => {
    queue.open = new HttpError(403, 'forbidden', 'You are not allowed to do that.');
    renderAt();
    expect((await screen.findByRole('alert')).textContent).toBe('Only administrators can see this.');
    expect(screen.getByRole('link', { name: 'Back to Connect' }).getAttribute('href')).toBe('/connect');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('lists flagged machine translations on their own tab, the pair, engine and who flagged it, a page at a time', async () => {
    const router = renderAt('/connect/reports?state=translations');
    const flag = await screen.findByRole('article', { name: 'Spanish → English' });
    expect(screen.getByRole('tab', { name: 'Translations', selected: true })).toBeTruthy();
    expect(within(flag).getByRole('figure', { name: 'Original text · Spanish' }).textContent).toContain(
      'La estación está cerca',
    );
    expect(within(flag).getByRole('figure', { name: 'Machine translation · English' }).textContent).toContain(
      'The season is near',
    );
    expect(within(flag).getByText('Engine').nextElementSibling?.textContent).toBe('Machine translation by Apertium');
    expect(within(flag).getByText('Flagged by').nextElementSibling?.textContent).toBe('Anna @anna');
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await userEvent.click(screen.getByRole('tab', { name: 'Open' }));
    expect(await screen.findByRole('article', { name: 'Harassment or bullying' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
