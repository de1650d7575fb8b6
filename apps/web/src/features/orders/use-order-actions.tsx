import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { Order, OrderAction } from '@tolk/shared/schemas/orders';
import { HttpError } from '../../lib/http-error';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toastError } from '../../ui/toast-error';
import { personName } from '../../lib/format';
import { useActOnOrder } from './api/act-on-order';
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
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const [changed, setChanged] = useState(false);

  const act = useActOnOrder(order.id, {
    onMutate: () => {
      setChanged(false);
    },
    onSuccess: (_updated, { action }) => {
      setAsking(null);
      toast.success(t(DONE_KEYS[action]));
    },
    onError: (error) => {
      setAsking(null);
      if (error instanceof HttpError && error.code === 'conflict') setChanged(true);
      else toastError(error, t);
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
