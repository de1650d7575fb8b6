import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderChangedEvent } from '@tolk/shared/realtime';
import type * as RealtimeModule from '../../lib/realtime';
import { fakeSocket } from '../../lib/test-socket';
import { orderQueryKey } from './api/keys';
import { anOrder, ORDER_ID } from './test-factories';
import { useOrderEvents } from './use-order-events';

/** The member socket, as useRealtime gives it to the hook. */
const socket = fakeSocket();

vi.mock('../../lib/realtime', async (original) => ({
  ...(await original<typeof RealtimeModule>()),
  useRealtime: () => ({ socket, connection: { browserOnline: true, socket: 'connected' } }),
}));

const accepted: OrderChangedEvent = { orderId: ORDER_ID, state: 'accepted', version: 2 };

beforeEach(() => {
  socket.reset();
});

function start(queryClient = new QueryClient()) {
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(
    () => {
      useOrderEvents();
    },
    { wrapper },
  );
  return { ...view, invalidate, queryClient };
}

describe('useOrderEvents', () => {
  it('reads the order and both lists again when the other side acts', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(orderQueryKey(ORDER_ID), anOrder({ version: 1 }));
    const { invalidate } = start(queryClient);
    act(() => {
      socket.deliver('order', accepted);
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders', 'detail', ORDER_ID] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders', 'list'] });
    expect(queryClient.getQueryState(orderQueryKey(ORDER_ID))?.isInvalidated).toBe(true);
  });

  it('leaves a page already at that version (the one who acted) and refreshes the lists and the counts', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(orderQueryKey(ORDER_ID), anOrder({ version: 2, state: 'accepted' }));
    const { invalidate } = start(queryClient);
    act(() => {
      socket.deliver('order', accepted);
    });
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders', 'list'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders', 'waiting'] });
  });

  it('ignores what is not an order event', () => {
    const { invalidate } = start();
    act(() => {
      socket.deliver('order', { orderId: ORDER_ID, state: 'accepted' });
    });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reads every order again after a reconnection (not on the first connection), until unmounted', () => {
    const { invalidate, unmount } = start();
    act(() => {
      socket.deliver('connect', undefined);
    });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => {
      socket.deliver('connect', undefined);
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders'] });
    unmount();
    expect([socket.listeners.get('order')?.size ?? 0, socket.listeners.get('connect')?.size ?? 0]).toEqual([0, 0]);
  });
});
