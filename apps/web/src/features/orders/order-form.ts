import i18next from 'i18next';
import type { Path } from 'react-hook-form';
import {
  ORDER_QUANTITY_MAX,
  orderInputSchema,
  orderUpdateSchema,
  type Order,
  type OrderInput,
  type OrderUpdate,
} from '@tolk/shared/schemas/orders';
import type { ThingUnit } from '@tolk/shared/schemas/things';
import { schemaResolver, type FieldOf, type Problem } from '../../ui/schema-form';
import { recordFieldMessage } from '../../ui/form-errors';
import { needsServiceTime } from './format';

/** What the order form holds, as typed. */
export interface OrderForm {
  /** A whole number as typed: "2". */
  quantity: string;
  /** A `datetime-local` value in the browser's time zone ("2026-07-03T10:00"), or '' for none. */
  serviceAt: string;
  note: string;
}

export const newOrderForm = (): OrderForm => ({ quantity: '1', serviceAt: '', note: '' });

const pad = (value: number) => String(Math.abs(value)).padStart(2, '0');

/** A moment as a `datetime-local` value shows it: the browser's local date and time, to the minute. */
export function toLocalDateTime(moment: string | Date): string {
  const date = typeof moment === 'string' ? new Date(moment) : moment;
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` value as the API takes it: ISO 8601 with the browser's offset at that date
 * ("2026-07-03T10:00:00+02:00"), so the seller's screen shows the same moment in their own zone.
 * Undefined for what is not a date and time.
 */
export function fromLocalDateTime(local: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!match) return undefined;
  const date = new Date(local.trim());
  if (Number.isNaN(date.getTime())) return undefined;
  const offset = -date.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${toLocalDateTime(date)}:${match[6] ?? '00'}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** The quantity as a number: NaN for what is not a whole number, which the schema refuses. */
const quantityOf = (typed: string) => (/^\s*\d+\s*$/.test(typed) ? Number(typed) : Number.NaN);

/**
 * The service time, as the API takes it, and what the form finds wrong with it before the schema
 * looks: a service needs one, in the future (the server says the same; the form says it first).
 */
function serviceTimeOf(values: OrderForm, unit: ThingUnit, now: Date): { serviceAt: string | null; problem?: Problem } {
  if (!values.serviceAt.trim()) {
    return needsServiceTime(unit)
      ? { serviceAt: null, problem: { key: 'orders.form.serviceAtRequired' } }
      : { serviceAt: null };
  }
  const serviceAt = fromLocalDateTime(values.serviceAt);
  if (!serviceAt) return { serviceAt: null, problem: { key: 'orders.form.serviceAtInvalid' } };
  if (new Date(serviceAt).getTime() <= now.getTime()) {
    return { serviceAt, problem: { key: 'orders.form.serviceAtFuture' } };
  }
  return { serviceAt };
}

export interface OrderContext {
  thingId: string;
  unit: ThingUnit;
  /** Made once per form: a retry of the same order sends it again. */
  clientKey: string;
}

/** What POST /api/orders takes, and the form's own problems. */
export function toOrderInput(
  values: OrderForm,
  context: OrderContext,
  now = new Date(),
): { input: OrderInput; problems: Partial<Record<Path<OrderForm>, Problem>> } {
  const { serviceAt, problem } = serviceTimeOf(values, context.unit, now);
  return {
    input: {
      thingId: context.thingId,
      quantity: quantityOf(values.quantity),
      serviceAt,
      note: values.note,
      clientKey: context.clientKey,
    },
    problems: problem ? { serviceAt: problem } : {},
  };
}

/** What PATCH /api/orders/{id} takes: every field of the form, from the version it was loaded with. */
export function toOrderUpdate(
  values: OrderForm,
  unit: ThingUnit,
  version: number,
  now = new Date(),
): { input: OrderUpdate; problems: Partial<Record<Path<OrderForm>, Problem>> } {
  const { serviceAt, problem } = serviceTimeOf(values, unit, now);
  return {
    input: { version, quantity: quantityOf(values.quantity), serviceAt, note: values.note },
    problems: problem ? { serviceAt: problem } : {},
  };
}

/** An order as its edit form starts: its quantity, its time in this browser's zone, its note as written. */
export function toOrderForm(order: Order): OrderForm {
  return {
    quantity: String(order.quantity),
    serviceAt: order.serviceAt ? toLocalDateTime(order.serviceAt) : '',
    note: order.note?.original ?? '',
  };
}

/** Where the API's field names show on the form; the thing itself has no field (the form says it whole). */
export const orderFieldOf: FieldOf<OrderForm> = (apiField) =>
  apiField === 'quantity' || apiField === 'serviceAt' || apiField === 'note' ? apiField : undefined;

/** The orders' sentences (packages/shared and the orders service), each with its interface key. */
const SENTENCES: Record<string, string> = {
  'A whole number.': 'orders.form.quantityRange',
  'At least 1.': 'orders.form.quantityRange',
  [`At most ${ORDER_QUANTITY_MAX}.`]: 'orders.form.quantityRange',
  'A date and time, such as 2026-12-24T10:00:00Z.': 'orders.form.serviceAtInvalid',
  'Choose a date and time for this service.': 'orders.form.serviceAtRequired',
  'Choose a time in the future.': 'orders.form.serviceAtFuture',
  'That comes to too large a total.': 'orders.form.totalTooLarge',
  'This item is not offered.': 'orders.add.notOffered',
  'This is your own item.': 'orders.add.own',
  'This item is not available now.': 'orders.add.unavailable',
};

/** An order's problem in the reader's language; the records' table and the app's catalogue after. */
export function orderFieldMessage(message: string): string {
  const key = SENTENCES[message];
  if (key) return i18next.t(key, { max: ORDER_QUANTITY_MAX });
  // zod's own words for a number that is not one (the quantity field emptied).
  if (/expected number/i.test(message)) return i18next.t('orders.form.quantityRange', { max: ORDER_QUANTITY_MAX });
  return recordFieldMessage(message);
}

export const orderResolver = (toInput: (values: OrderForm) => ReturnType<typeof toOrderInput>) =>
  schemaResolver<OrderForm>(orderInputSchema, toInput, orderFieldOf, orderFieldMessage);

export const orderUpdateResolver = (toInput: (values: OrderForm) => ReturnType<typeof toOrderUpdate>) =>
  schemaResolver<OrderForm>(orderUpdateSchema, toInput, orderFieldOf, orderFieldMessage);
