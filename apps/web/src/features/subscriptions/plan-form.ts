import i18next from 'i18next';
import type { Path } from 'react-hook-form';
import type { Plan, PlanInput, PlanInterval } from '@tolk/shared/schemas/subscriptions';
import { fieldMessageOf, type Problem } from '../../ui/schema-form';
import { parsePrice, priceExample, priceText } from '../../lib/price';

/** A plan as its form holds it: prices in major units as typed ("4.99"), features one a row. */
export interface PlanForm {
  name: string;
  description: string;
  interval: PlanInterval;
  prices: { amount: string; currency: string }[];
  features: { text: string }[];
  active: boolean;
}

export const newPlanForm = (currency: string): PlanForm => ({
  name: '',
  description: '',
  interval: 'month',
  prices: [{ amount: '', currency }],
  features: [],
  active: true,
});

export const toPlanForm = (plan: Plan, language: string): PlanForm => ({
  name: plan.name,
  description: plan.description,
  interval: plan.interval,
  prices: plan.prices.map((price) => ({
    amount: priceText(price.amountMinor, price.currency, language),
    currency: price.currency,
  })),
  features: plan.features.map((text) => ({ text })),
  active: plan.active,
});

/**
 * What POST /api/plans (and PATCH, every field) takes: each price in minor units of its currency,
 * exactly. An amount that is not one (or has more decimals than its currency) is the form's own
 * problem, said on its row.
 */
export function toPlanInput(
  form: PlanForm,
  language = 'en',
): { input: PlanInput; problems: Partial<Record<Path<PlanForm>, Problem>> } {
  const problems: Partial<Record<Path<PlanForm>, Problem>> = {};
  const seen = new Set<string>();
  const prices = form.prices.map((row, index) => {
    const currency = row.currency.trim().toUpperCase();
    // The schema says it of the list; the row that repeats a currency is the one to change.
    if (seen.has(currency)) problems[`prices.${index}.currency`] = { key: 'subscriptions.planForm.currencyTwice' };
    seen.add(currency);
    const amountMinor = parsePrice(row.amount, currency);
    if (amountMinor === undefined) {
      problems[`prices.${index}.amount`] = row.amount.trim()
        ? { key: 'subscriptions.planForm.amountInvalid', values: { example: priceExample(currency, language) } }
        : { key: 'validation.required' };
    }
    return { currency, amountMinor: amountMinor ?? 0 };
  });
  return {
    input: {
      name: form.name,
      description: form.description,
      interval: form.interval,
      prices,
      features: form.features.map((feature) => feature.text),
      active: form.active,
    },
    problems,
  };
}

/** The form field that shows a problem the schema or the server found with an API field. */
export function planFieldOf(apiField: string): Path<PlanForm> | undefined {
  const [head = '', index, leaf] = apiField.split('.');
  if (head === 'prices') {
    if (index === undefined) return 'prices';
    if (leaf === 'currency') return `prices.${Number(index)}.currency`;
    return `prices.${Number(index)}.amount`;
  }
  if (head === 'features') return index === undefined ? 'features' : `features.${Number(index)}.text`;
  const same: readonly Path<PlanForm>[] = ['name', 'description', 'interval', 'active'];
  return same.find((field) => field === head);
}

/** The plans' sentences (packages/shared/src/schemas/subscriptions.ts) in the reader's language. */
const sharedAndOwn = fieldMessageOf({
  'A name, please.': 'subscriptions.planForm.nameRequired',
  'Monthly or yearly.': 'subscriptions.planForm.intervalInvalid',
  'At least one price.': 'subscriptions.planForm.pricesRequired',
  'One price per currency.': 'subscriptions.planForm.currencyTwice',
  'More than zero.': 'subscriptions.planForm.amountZero',
  'Too large.': 'subscriptions.planForm.amountTooLarge',
  'Whole minor units.': 'subscriptions.planForm.amountInvalidPlain',
  'Not an ISO 4217 currency.': 'subscriptions.planForm.currencyInvalid',
  'Empty feature.': 'subscriptions.planForm.featureEmpty',
});

export function planFieldMessage(message: string): string {
  const [, max, what] = /^At most (\d+) (prices|features)\.$/.exec(message) ?? [];
  if (max && what) return i18next.t(`subscriptions.planForm.${what}TooMany`, { max: Number(max) });
  return sharedAndOwn(message);
}
