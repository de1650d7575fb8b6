import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { RealtimeSocket } from '../../../lib/realtime';
import { initI18n } from '../../../lib/i18n';
import { CONVERSATION_ID, aMuse } from '../test-factories';
import { TypingIndicator } from './typing-indicator';

beforeAll(async () => {
  await initI18n();
});

function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler),
    off: (event: string) => handlers.delete(event),
  } as unknown as RealtimeSocket;
  const fire = (event: string, payload: unknown) => {
    act(() => {
      handlers.get(event)?.(payload);
    });
  };
  return { socket, fire };
}

const typing = (username: string, displayName: string, isTyping: boolean, conversationId = CONVERSATION_ID) => ({
  conversationId,
  username,
  displayName,
  typing: isTyping,
});

describe('TypingIndicator', () => {
  it('names who is typing in this conversation, never me, and forgets them when they stop', () => {
    const { socket, fire } = fakeSocket();
    render(<TypingIndicator socket={socket} conversationId={CONVERSATION_ID} me="kari" />);
    fire('typing', typing('kari', 'Kari', true));
    fire('typing', typing('lucia', 'Lucía', true, 'another-conversation'));
    expect(screen.queryByText(/typing/)).toBeNull();

    fire('typing', typing('lucia', 'Lucía', true));
    expect(screen.getByText('Lucía is typing…')).toBeTruthy();
    fire('typing', typing('lucia', 'Lucía', false));
    expect(screen.queryByText(/typing/)).toBeNull();
  });

  it('stops showing someone when their muse arrives or when no word came for a while', () => {
    vi.useFakeTimers();
    try {
      const { socket, fire } = fakeSocket();
      render(<TypingIndicator socket={socket} conversationId={CONVERSATION_ID} me="kari" />);
      fire('typing', typing('lucia', 'Lucía', true));
      fire('muse:new', aMuse(1, { sender: { username: 'lucia', displayName: 'Lucía', memberId: 'member-lucia' } }));
      expect(screen.queryByText(/typing/)).toBeNull();

      fire('typing', typing('ola', 'Ola', true));
      expect(screen.getByText('Ola is typing…')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(7000);
      });
      expect(screen.queryByText(/typing/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
