import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Order, OrderAction } from '@tolk/shared/schemas/orders';
import { HttpError } from '../../lib/http-error';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { errorMessage } from '../../ui/error-message';
import { personName } from '../connect/format';
import { actOnOrder } from './api/act-on-order';
import { orderQueryKey, ordersListsQueryKey, ordersWaitingQueryKey, refreshAfterOrderChange } from './api/keys';
import { otherParty } from './format';

export const ACTION_KEYS: Record<OrderAction, string> = {
  accept: 'orders.actions.accept',
  decline: 'orders.actions.decline',
  cancel: 'orders.actions.cancel',
  fulfil: 'orders.actions.fulfil',
};
const DONE_KEYS: Record<OrderAction, string> = {
  accept: 'orders.toast.accepted',
  decline: 'orders.toast.declined',
  cancel: 'orders.toast.cancelled',
  fulfil: 'orders.toast.fulfilled',
};
/** What cannot be taken back is asked first (the spec's "Are you sure?"). */
const ASKED: Partial<Record<OrderAction, string>> = {
  decline: 'orders.confirm.decline',
  cancel: 'orders.confirm.cancel',
};

/**
 * The order's actions as the reader may take them now, each sent with the version on screen. One
 * refused because the order moved on meanwhile (the other side acted: 409) reads it again and says
 * it changed, rather than acting on what is no longer there.
 */
export function useOrderActions(order: Order) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [changed, setChanged] = useState(false);

  const act = useMutation({
    mutationFn: ({ action, version }: { action: OrderAction; version: number }) =>
      actOnOrder(order.id, action, version),
    onMutate: () => {
      setChanged(false);
    },
    onSuccess: async (updated, { action }) => {
      setAsking(null);
      toast.success(t(DONE_KEYS[action]));
      await refreshAfterOrderChange(queryClient, updated);
    },
    onError: async (error) => {
      setAsking(null);
      if (error instanceof HttpError && error.code === 'conflict') {
        setChanged(true);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) }),
          queryClient.invalidateQueries({ queryKey: ordersListsQueryKey }),
          queryClient.invalidateQueries({ queryKey: ordersWaitingQueryKey }),
        ]);
        return;
      }
      toast.error(errorMessage(error, t));
    },
  });

  const run = (action: OrderAction) => {
    if (ASKED[action]) setAsking(action);
    else act.mutate({ action, version: order.version });
  };

  const question = asking ? ASKED[asking] : undefined;
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      title={t('common.areYouSure')}
      message={question ? t(question, { name: personName(otherParty(order)) }) : ''}
      confirmLabel={asking ? t(ACTION_KEYS[asking]) : ''}
      busy={act.isPending}
      onCancel={() => {
        setAsking(null);
      }}
      onConfirm={() => {
        if (asking) act.mutate({ action: asking, version: order.version });
      }}
    />
  );

  return { run, busy: act.isPending, changed, dialog };
}
