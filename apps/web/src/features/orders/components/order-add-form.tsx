import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { OfferedThing } from '@tolk/shared/schemas/things';
import { newClientId } from '../../../lib/client-id';
import { paths } from '../../../lib/paths';
import { submitWith } from '../../../ui/submit-with';
import { personName } from '../../../lib/format';
import { useCreateOrder } from '../api/create-order';
import { newOrderForm, orderResolver, toOrderInput, type OrderForm } from '../order-form';
import { showOrderErrors } from '../show-order-errors';
import { OrderFields } from './order-fields';
import { OrderFormFrame } from './order-form-frame';
import { OrderThing } from './order-thing';
import { PartyLink } from './party-link';

/**
 * Ordering an offered thing: how many, when (a service), a note; checked with the shared schema,
 * sent with one client key for the life of the form, so sending again after a lost answer finds
 * the order already made rather than making a second. Then its page, with a toast.
 */
export function OrderAddForm({ thing }: { thing: OfferedThing }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [clientKey] = useState(newClientId);
  const toInput = useMemo(
    () => (values: OrderForm) => toOrderInput(values, { thingId: thing.id, unit: thing.unit, clientKey }),
    [thing.id, thing.unit, clientKey],
  );
  const resolver = useMemo(() => orderResolver(toInput), [toInput]);
  const form = useForm<OrderForm>({ defaultValues: newOrderForm(), resolver });
  const seller = personName(thing.owner);

  const create = useCreateOrder({
    onSuccess: async (order) => {
      toast.success(t('orders.toast.placed', { name: personName(order.seller) }));
      await navigate(paths.order(order.id), { replace: true });
    },
    onError: (error) => {
      showOrderErrors(error, form.setError, t);
    },
  });

  const submit = submitWith(form.handleSubmit, (values) => {
    form.clearErrors('root');
    create.mutate(toInput(values).input);
  });

  return (
    <>
      <OrderThing
        as="h2"
        name={thing.name}
        photo={thing.photos[0]}
        priceMinor={thing.priceMinor}
        currency={thing.currency}
        unit={thing.unit}
      >
        <p className="order-party">
          <span className="muted">{t('orders.seller')}</span> <PartyLink party={thing.owner} />
        </p>
      </OrderThing>
      <OrderFormFrame
        onSubmit={submit}
        error={form.formState.errors.root?.message}
        submitLabel={create.isPending ? t('orders.add.sending') : t('orders.add.submit')}
        busy={create.isPending}
        onCancel={() => {
          void navigate(paths.connectPerson(thing.owner.id));
        }}
      >
        <OrderFields
          form={form}
          unit={thing.unit}
          unitPriceMinor={thing.priceMinor}
          currency={thing.currency}
          sellerName={seller}
        />
      </OrderFormFrame>
    </>
  );
}
