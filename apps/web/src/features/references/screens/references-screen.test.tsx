import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReferenceOccasions } from '@tolk/shared/schemas/references';
import { get, HttpError, post } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { renderRoutes } from '../../../lib/test-render';
import { anOccasion, aPage, ME } from '../test-factories';
import { Component as ReferencesScreen } from './references-screen';

vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  get: vi.fn(),
  post: vi.fn(),
}));
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

let occasions: ReferenceOccasions;

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  vi.clearAllMocks();
  localStorage.setItem(
    STORAGE_KEYS.loginResponse,
    JSON.stringify({ username: 'eva', tenant: 'public', roles: 'user', isloggedin: true, userid: ME }),
  );
  occasions = { items: [anOccasion({ theyWrote: true })] };
  vi.mocked(get).mockImplementation((url) => Promise.resolve(url === '/references/occasions' ? occasions : aPage()));
  vi.mocked(post).mockResolvedValue({ id: '0a1b2c3d-0000-4000-8000-0000000000c1' });
  await chooseUiLanguage('en');
});
afterEach(() => {
  localStorage.clear();
});

const renderScreen = () => renderRoutes([{ path: '/references', element: <ReferencesScreen /> }], '/references');
const TEXT = 'João showed me the best of Lisbon.';

async function openForm() {
  const user = userEvent.setup();
  renderScreen();
  await user.click(await screen.findByRole('button', { name: 'Write a reference about João' }));
  return { user, form: screen.getByRole('form', { name: 'Your reference about João' }) };
}

describe('/references', () => {
  it('lists what I may write about: who, what, how long is left, whether they wrote theirs', async () => {
    occasions = {
      items: [
        anOccasion({ theyWrote: true }),
        anOccasion({
          about: 'order:0a1b2c3d-0000-4000-8000-0000000000ab',
          written: '0a1b2c3d-0000-4000-8000-0000000000ac',
        }),
      ],
    };
    renderScreen();
    const card = await screen.findByRole('article', { name: 'João' });
    expect(card.textContent).toContain('Meeting · Lisbon');
    expect(within(card).getByText('5 days left')).toBeTruthy();
    expect(within(card).getByText('João has written theirs')).toBeTruthy();
    // The one already written is not offered again.
    expect(screen.getAllByRole('button', { name: /Write a reference/ })).toHaveLength(1);
    expect(get).toHaveBeenCalledWith('/references', expect.objectContaining({ params: { subjectId: ME, limit: 10 } }));
  });

  it('asks for an opinion and at least 20 characters, counting as I type, before sending', async () => {
    const { user, form } = await openForm();
    expect(within(form).queryByRole('group', { name: 'Your rating' })).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: 'Your reference' }), 'Too short');
    expect(within(form).getByText('9 of 2000 characters')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Publish reference' }));
    expect(within(form).getByText('Choose how it went.')).toBeTruthy();
    expect(within(form).getByText('At least 20 characters.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('sends my meeting reference without a rating', async () => {
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('radio', { name: 'Positive' }));
    await user.type(within(form).getByRole('textbox', { name: 'Your reference' }), TEXT);
    await user.click(within(form).getByRole('button', { name: 'Publish reference' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/references', {
        about: anOccasion().about,
        subjectId: anOccasion().other.id,
        opinion: 'positive',
        text: TEXT,
      });
    });
    expect(toast.success).toHaveBeenCalledWith('Your reference about João is saved.');
  });

  it('asks a buyer for a rating of 1 to 5 stars and sends it', async () => {
    occasions = {
      items: [
        anOccasion({
          about: 'order:0a1b2c3d-0000-4000-8000-0000000000ab',
          kind: 'order',
          title: 'City walk',
          rates: true,
        }),
      ],
    };
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('radio', { name: 'Neutral' }));
    await user.type(within(form).getByRole('textbox', { name: 'Your reference' }), TEXT);
    await user.click(within(form).getByRole('button', { name: 'Publish reference' }));
    expect(within(form).getByText('Choose a rating from 1 to 5 stars.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    const rating = within(form).getByRole('group', { name: 'Your rating' });
    await user.click(within(rating).getByRole('radio', { name: '4 stars' }));
    await user.click(within(form).getByRole('button', { name: 'Publish reference' }));
    await waitFor(() => {
      expect(post).toHaveBeenCalledWith('/references', expect.objectContaining({ opinion: 'neutral', rating: 4 }));
    });
  });

  it('tells why the server refused and asks for my occasions again', async () => {
    vi.mocked(post).mockRejectedValue(new HttpError(409, 'conflict', 'You have already written about this.'));
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('radio', { name: 'Positive' }));
    await user.type(within(form).getByRole('textbox', { name: 'Your reference' }), TEXT);
    const asked = vi.mocked(get).mock.calls.filter(([url]) => url === '/references/occasions').length;
    await user.click(within(form).getByRole('button', { name: 'Publish reference' }));
    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith('You have already written about this.');
    });
    await waitFor(() => {
      expect(vi.mocked(get).mock.calls.filter(([url]) => url === '/references/occasions').length).toBe(asked + 1);
    });
  });
});
