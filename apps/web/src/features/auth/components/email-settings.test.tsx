import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountEmail } from '@tolk/shared/schemas/auth';
import { get, post, put } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { EmailSettings } from './email-settings';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  put: vi.fn(),
  post: vi.fn(),
}));

let current: AccountEmail;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  current = { email: null, verified: false };
  vi.mocked(get).mockImplementation(() => Promise.resolve(current));
  vi.mocked(put).mockImplementation((_url, body) => {
    current = { email: (body as { email: string | null }).email, verified: false };
    return Promise.resolve(current);
  });
  vi.mocked(post).mockImplementation(() => Promise.resolve(current));
  await chooseUiLanguage('en');
});

const renderIt = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EmailSettings />
    </QueryClientProvider>,
  );

describe('my email address on the profile', () => {
  it('adds an address, says it waits for its link, and can send the link again', async () => {
    const user = userEvent.setup();
    renderIt();
    const field = await screen.findByRole('textbox', { name: 'Email address' });
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Enter an email address such as name@example.org.')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'kari@example.org');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => {
      expect(put).toHaveBeenCalledWith('/auth/email', { email: 'kari@example.org' });
    });
    expect(await screen.findByText('Not verified yet')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(post).toHaveBeenCalledWith('/auth/email/resend');
  });

  it('shows a verified address as verified, and removes it', async () => {
    current = { email: 'kari@example.org', verified: true };
    const user = userEvent.setup();
    renderIt();
    expect(await screen.findByText('Verified')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove address' }));
    await waitFor(() => {
      expect(put).toHaveBeenCalledWith('/auth/email', { email: null });
    });
  });
});
