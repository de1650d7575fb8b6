import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Order } from '@tolk/shared/schemas/orders';
import { paths } from '../../../lib/paths';
import { submitWith } from '../../../ui/submit-with';
import { useConflictChoice } from '../../../ui/use-conflict-choice';
import { personName } from '../../../lib/format';
import { orderQuery } from '../api/get-order';
import { useUpdateOrder } from '../api/update-order';
import { orderUpdateResolver, toOrderForm, toOrderUpdate, type OrderForm } from '../order-form';
import { showOrderErrors } from '../show-order-errors';
import { OrderFields } from './order-fields';
import { OrderFormFrame } from './order-form-frame';

/**
 * The buyer's change to a pending order, saved with the version it was loaded from. Refused
 * because it changed elsewhere (409), what was typed stays and the buyer chooses, as on a
 * record: load the other version, or save this one over it. An order that is no longer pending
 * by then is the screen's to say (it reads the same query).
 */
export function OrderEditForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unit = order.thing.unit;
  const resolver = useMemo(
    () => orderUpdateResolver((values) => toOrderUpdate(values, unit, order.version)),
    [unit, order.version],
  );
  const form = useForm<OrderForm>({ defaultValues: toOrderForm(order), resolver });

  const save = useUpdateOrder(order.id, {
    onSuccess: async (saved) => {
      toast.success(t('orders.toast.saved'));
      await navigate(paths.order(saved.id), { replace: true });
    },
    onError: (error) => {
      if (!choice.refused(error)) showOrderErrors(error, form.setError, t);
    },
  });

  const choice = useConflictChoice({
    form,
    loadedVersion: order.version,
    latest: () => queryClient.query({ ...orderQuery(order.id), staleTime: 0 }),
    toForm: toOrderForm,
    save: (values: OrderForm, from: number) => {
      save.mutate(toOrderUpdate(values, unit, from).input);
    },
  });

  const submit = submitWith(form.handleSubmit, (values) => {
    form.clearErrors('root');
    save.mutate(toOrderUpdate(values, unit, choice.version).input);
  });

  const busy = save.isPending || choice.resolving;
  return (
    <OrderFormFrame
      onSubmit={submit}
      error={form.formState.errors.root?.message}
      submitLabel={save.isPending ? t('common.saving') : t('common.save')}
      busy={busy}
      onCancel={() => {
        void navigate(paths.order(order.id));
      }}
      conflict={choice.conflict ? { onReload: choice.reload, onOverwrite: choice.overwrite } : undefined}
    >
      <OrderFields
        form={form}
        unit={unit}
        unitPriceMinor={order.unitPriceMinor}
        currency={order.currency}
        sellerName={personName(order.seller)}
      />
    </OrderFormFrame>
  );
}
