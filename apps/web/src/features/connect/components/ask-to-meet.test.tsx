import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { del, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { TRIP_ID } from '../test-factories';
import { AskToMeetButton } from './ask-to-meet';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  post: vi.fn(),
  del: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const RUI = { id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', name: 'Rui' };

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.mocked(post).mockReset();
  vi.mocked(del).mockReset();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
  await chooseUiLanguage('en');
});

function renderButton(asked: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AskToMeetButton tripId={TRIP_ID} person={RUI} asked={asked} />
    </QueryClientProvider>,
  );
}

describe('AskToMeetButton', () => {
  it('asks the person to meet on my trip, and says so', async () => {
    vi.mocked(post).mockResolvedValue({ tripId: TRIP_ID, accountId: RUI.id, createdAt: new Date().toISOString() });
    renderButton(false);
    expect(screen.queryByText('Asked')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ask to meet' }));
    expect(post).toHaveBeenCalledWith(`/connect/trips/${TRIP_ID}/meet`, { accountId: RUI.id });
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('You asked Rui to meet.');
    });
  });

  it('shows a request already made as asked, and takes it back', async () => {
    vi.mocked(del).mockResolvedValue(undefined);
    renderButton(true);
    expect(screen.getByText('Asked')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask to meet' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw asking Rui to meet' }));
    expect(del).toHaveBeenCalledWith(`/connect/trips/${TRIP_ID}/meet/${RUI.id}`);
    await waitFor(() => {
      expect(toast.success).toHaveBeenCalledWith('You no longer ask Rui to meet.');
    });
  });

  it('tells a refusal in a toast and asks nothing more', async () => {
    vi.mocked(post).mockRejectedValue(new HttpError(404, 'not_found', 'Person not found.'));
    renderButton(false);
    await userEvent.click(screen.getByRole('button', { name: 'Ask to meet' }));
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledTimes(1);
    });
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Ask to meet' }).disabled).toBe(false);
  });
});
