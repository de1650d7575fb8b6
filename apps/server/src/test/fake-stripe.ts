import Stripe from 'stripe';
import { createStripeProvider } from '../modules/payments/providers/stripe';
import type { RedirectProvider } from '../modules/payments/providers/provider';
import { fakeStripeBilling, stripeError, type StripeObject } from './fake-stripe-billing';
import { vendorServer, type VendorReply, type VendorRequest, type VendorServer } from './vendor-server';

export const STRIPE_SECRET_KEY = 'sk_test_contract';
export const STRIPE_WEBHOOK_SECRET = 'whsec_contract_secret';

/** A form's `prefix[key]=value` fields as an object (Stripe's metadata hashes). */
function formHash(form: URLSearchParams, prefix: string): Record<string, string> {
  const hash: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name.startsWith(`${prefix}[`) && name.endsWith(']') && !name.slice(prefix.length + 1, -1).includes('['))
      hash[name.slice(prefix.length + 1, -1)] = value;
  }
  return hash;
}

/**
 * Stripe's API as far as Tolk uses it (Checkout Sessions in payment and subscription mode,
 * subscriptions and their invoices, refunds), answering as Stripe documents: form-encoded bodies,
 * the key as a bearer, `expand[]` replacing ids with their objects, the same object for a repeated
 * Idempotency-Key, errors as `{ error: { type, message } }`.
 */
export function fakeStripe() {
  /** Every object by id, as Stripe keeps them (sessions, subscriptions, invoices). */
  const objects = new Map<string, StripeObject>();
  const byKey = new Map<string, unknown>();
  let next = 1;
  const billing = fakeStripeBilling(objects, () => next++);

  /** The object with each `expand` path (`subscription.latest_invoice`) swapped from ids to objects. */
  const expand = (object: StripeObject, paths: string[]): StripeObject => {
    const expanded = structuredClone(object);
    for (const path of paths) {
      const [field, ...rest] = path.split('.');
      const id = expanded[field!];
      const found = typeof id === 'string' ? objects.get(id) : undefined;
      if (found) expanded[field!] = rest.length > 0 ? expand(found, [rest.join('.')]) : structuredClone(found);
      else if (id && typeof id === 'object' && rest.length > 0)
        expanded[field!] = expand(id as StripeObject, [rest.join('.')]);
    }
    return expanded;
  };

  const handle = (request: VendorRequest): VendorReply => {
    if (request.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) {
      return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    const key = request.headers['idempotency-key'];
    if (request.method === 'POST' && typeof key === 'string' && byKey.has(key)) return { json: byKey.get(key) };
    const form = new URLSearchParams(request.body);
    const expansions = [...request.query].filter(([name]) => /^expand\[\d*\]$/.test(name)).map(([, path]) => path);
    let answer: unknown;
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const id = `cs_test_${next++}`;
      const price = 'line_items[0][price_data]';
      const mode = form.get('mode');
      const session = {
        id,
        object: 'checkout.session',
        mode,
        client_reference_id: form.get('client_reference_id'),
        metadata: formHash(form, 'metadata'),
        amount_total: Number(form.get(`${price}[unit_amount]`)),
        currency: form.get(`${price}[currency]`),
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        subscription: null,
        invoice: null,
        url: `https://checkout.stripe.com/c/pay/${id}`,
      };
      if (mode === 'subscription') {
        const interval = form.get(`${price}[recurring][interval]`);
        if (interval !== 'day' && interval !== 'week' && interval !== 'month' && interval !== 'year')
          return stripeError(400, 'Missing required param: line_items[0][price_data][recurring][interval].');
        billing.ordered(id, {
          metadata: formHash(form, 'subscription_data[metadata]'),
          interval,
          unitAmount: session.amount_total,
          currency: session.currency ?? '',
          productName: form.get(`${price}[product_data][name]`) ?? '',
        });
      }
      objects.set(id, session);
      answer = session;
    } else if (request.method === 'GET' && request.path.startsWith('/v1/checkout/sessions/')) {
      const session = objects.get(request.path.split('/').at(-1)!);
      if (session?.object !== 'checkout.session')
        return stripeError(404, 'No such checkout.session', 'resource_missing');
      answer = expand(session, expansions);
    } else if (request.method === 'POST' && request.path === '/v1/refunds') {
      // Stripe refunds a payment intent or a charge; an invoice id is not one.
      const intent = form.get('payment_intent') ?? '';
      if (!intent.startsWith('pi_')) return stripeError(404, `No such payment_intent: '${intent}'`, 'resource_missing');
      answer = {
        id: `re_test_${next++}`,
        object: 'refund',
        payment_intent: form.get('payment_intent'),
        amount: Number(form.get('amount')),
        status: 'succeeded',
      };
    } else {
      const billed = billing.handle(request, form);
      if (!billed) return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path})`);
      if ('error' in billed) return billed.error;
      answer = expand(billed.object, expansions);
    }
    if (typeof key === 'string') byKey.set(key, answer);
    return { json: answer };
  };
  return {
    handle,
    /** The payer pays on Stripe's page: a subscription-mode session gets its subscription and first invoice. */
    pay(id: string) {
      const session = objects.get(id)!;
      if (session.mode === 'subscription') {
        Object.assign(session, { status: 'complete', payment_status: 'paid' });
        billing.paid(session);
      } else {
        Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${id}` });
      }
      return structuredClone(session);
    },
    /** The payer left Stripe's page without paying, and the session ran out. */
    expire(id: string) {
      Object.assign(objects.get(id)!, { status: 'expired' });
      return structuredClone(objects.get(id)!);
    },
    renew: billing.renew,
    end: billing.end,
    /** An object as Stripe has it now: what an event about it carries. */
    object: billing.copy,
  };
}

/** An event as Stripe sends it, signed as Stripe signs it (the SDK's own test helper). */
export function signedStripeEvent(type: string, object: unknown, secret = STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${type}_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    data: { object },
  });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { body: Buffer.from(payload), headers: { 'stripe-signature': header } };
}

/** The contract server listening, and a Stripe provider of the official package talking to it. */
export async function stripeContract(): Promise<{
  api: VendorServer;
  stripe: ReturnType<typeof fakeStripe>;
  provider: RedirectProvider;
}> {
  const stripe = fakeStripe();
  const api = await vendorServer((request) => stripe.handle(request));
  const provider = createStripeProvider({
    secretKey: STRIPE_SECRET_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: Number(new URL(api.url).port), protocol: 'http' },
  });
  return { api, stripe, provider };
}
