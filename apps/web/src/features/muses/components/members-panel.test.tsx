import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@tolk/shared/schemas/conversations';
import { del, patch } from '../../../lib/http';
import type * as HttpModule from '../../../lib/http';
import { initI18n } from '../../../lib/i18n';
import { conversationQueryKey } from '../api/get-conversation';
import { conversationsQueryKey } from '../api/list-conversations';
import { aConversation, CONVERSATION_ID } from '../test-factories';
import { MembersPanel } from './members-panel';

// Renaming a group is a PATCH; removing a member, or leaving, a DELETE.
vi.mock('../../../lib/http', async (importOriginal) => ({
  ...(await importOriginal<typeof HttpModule>()),
  patch: vi.fn(),
  del: vi.fn(),
}));

const group = aConversation({ kind: 'group', title: 'Trip' });

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(del).mockResolvedValue(undefined);
});

/** The owner kari's panel of the group, with the chat and the list of chats held as the thread holds them. */
function renderPanel() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(conversationQueryKey(CONVERSATION_ID), group);
  queryClient.setQueryData(conversationsQueryKey, []);
  const router = createMemoryRouter(
    [
      { path: '/muses/:id', element: <MembersPanel conversation={group} me="kari" online={null} /> },
      { path: '/muses', element: <p>Chats</p> },
    ],
    { initialEntries: [`/muses/${CONVERSATION_ID}`] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const held = () => queryClient.getQueryData<Conversation>(conversationQueryKey(CONVERSATION_ID));
  const listStale = () => queryClient.getQueryState(conversationsQueryKey)?.isInvalidated;
  return { router, held, listStale };
}

describe('the members panel of a group I own', () => {
  it('renames the group: the chat holds the answer and the list of chats asks again', async () => {
    const user = userEvent.setup();
    vi.mocked(patch).mockResolvedValue({ ...group, title: 'Lisbon trip' });
    const { held, listStale } = renderPanel();
    const name = screen.getByLabelText('Group name');
    await user.clear(name);
    await user.type(name, '  Lisbon trip ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(held()?.title).toBe('Lisbon trip');
    });
    expect(patch).toHaveBeenCalledWith(`/conversations/${CONVERSATION_ID}`, { title: 'Lisbon trip' });
    expect(listStale()).toBe(true);
  });

  it('removes a member: the chat drops them and the list of chats asks again', async () => {
    const user = userEvent.setup();
    const { held, listStale } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Remove: Lucía' }));
    await waitFor(() => {
      expect(held()?.members.map((member) => member.username)).toEqual(['kari']);
    });
    expect(del).toHaveBeenCalledWith(`/conversations/${CONVERSATION_ID}/members/lucia`);
    expect(listStale()).toBe(true);
  });

  it('leaves after asking: the chat is forgotten and I am back at my chats', async () => {
    const user = userEvent.setup();
    const { router, held } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Leave chat' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave chat' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/muses');
    });
    expect(del).toHaveBeenCalledWith(`/conversations/${CONVERSATION_ID}/members/kari`);
    expect(held()).toBeUndefined();
  });
});
