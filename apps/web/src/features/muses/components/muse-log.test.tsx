import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@tolk/shared/schemas/conversations';
import { chooseUiLanguage, initI18n } from '../../../lib/i18n';
import { WithQueryClient } from '../../../lib/test-render';
import { aConversation, aMuse } from '../test-factories';
import { MuseLog } from './muse-log';

beforeAll(async () => {
  await initI18n();
  await chooseUiLanguage('en');
});

function renderLog(conversation: Conversation, blocked: string[]) {
  const state = {
    muses: [
      aMuse(1, { text: 'Hello everyone' }),
      aMuse(2, { text: 'Ignore her', sender: { username: 'olaf', displayName: 'Olaf', memberId: 'member-olaf' } }),
    ],
    pending: [],
    hasOlder: false,
  };
  render(
    <MemoryRouter>
      <MuseLog
        label="Hikers"
        state={state}
        conversation={conversation}
        me="lucia"
        olderLoading={false}
        onLoadOlder={vi.fn()}
        onDelete={vi.fn()}
        onRetry={vi.fn()}
        onOpenPhoto={vi.fn()}
        onReport={vi.fn()}
        blocked={new Set(blocked)}
        onSeen={vi.fn()}
      />
    </MemoryRouter>,
    { wrapper: WithQueryClient },
  );
}

describe('MuseLog', () => {
  it('folds the muses of the people I blocked in a group, by their username, and only theirs', () => {
    renderLog(aConversation({ kind: 'group', title: 'Hikers' }), ['olaf']);
    expect(screen.getByText('Hello everyone')).toBeTruthy();
    expect(screen.queryByText('Ignore her')).toBeNull();
    expect(screen.getByText('Muse from someone you blocked')).toBeTruthy();
  });

  it('folds nothing while I have blocked nobody there', () => {
    renderLog(aConversation({ kind: 'group', title: 'Hikers' }), ['someone-else']);
    expect(screen.getByText('Ignore her')).toBeTruthy();
    expect(screen.queryByText('Muse from someone you blocked')).toBeNull();
  });
});
