import type { VendorReply, VendorRequest } from './vendor-server';

type Json = Record<string, unknown>;
interface Money {
  currency_code: string;
  value: string;
}
interface Plan extends Json {
  id: string;
  product_id: string;
  status: string;
  billing_cycles: {
    frequency: { interval_unit: string; interval_count?: number };
    pricing_scheme: { fixed_price: Money };
  }[];
}
interface Subscription extends Json {
  id: string;
  plan_id: string;
  status: string;
  custom_id?: string;
  billing_info?: Json & { last_payment?: { amount: Money; time: string }; next_billing_time?: string };
}
interface Transaction {
  id: string;
  status: string;
  amount_with_breakdown: { gross_amount: Money; fee_amount: Money; net_amount: Money };
  time: string;
}

const HOST = 'https://api-m.sandbox.paypal.com';
const unprocessable = (issue: string, description: string): VendorReply => ({
  status: 422,
  json: {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed.',
    details: [{ issue, description }],
  },
});
const invalid = (field: string): VendorReply => ({
  status: 400,
  json: {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed.',
    details: [{ field, issue: 'MISSING_REQUIRED_PARAMETER' }],
  },
});
const notFound: VendorReply = {
  status: 404,
  json: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] },
};

function cycleEnd(time: string, { interval_unit, interval_count = 1 }: Plan['billing_cycles'][number]['frequency']) {
  const date = new Date(time);
  if (interval_unit === 'DAY') date.setUTCDate(date.getUTCDate() + interval_count);
  else if (interval_unit === 'WEEK') date.setUTCDate(date.getUTCDate() + 7 * interval_count);
  else if (interval_unit === 'MONTH') date.setUTCMonth(date.getUTCMonth() + interval_count);
  else date.setUTCFullYear(date.getUTCFullYear() + interval_count);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
const nowText = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * PayPal's Catalog Products and Subscriptions APIs as far as Tolk uses them: products with ids of
 * our choosing, billing plans (listed in full with `Prefer: return=representation`), subscriptions
 * with their approval link, read with `fields=plan`, their transactions, cancellation.
 */
export function fakePaypalSubscriptions(nextId: () => number) {
  const products = new Map<string, Json>();
  const plans = new Map<string, Plan>();
  const subscriptions = new Map<string, Subscription>();
  const transactions = new Map<string, Transaction[]>();
  const id = (prefix: string, length: number) => `${prefix}${String(nextId()).padStart(length, '0')}`;

  /** PayPal charges the subscription's next cycle: a completed sale, as PAYMENT.SALE.COMPLETED carries it. */
  function charge(subscription: Subscription, time: string) {
    const plan = plans.get(subscription.plan_id)!;
    const cycle = plan.billing_cycles[0]!;
    const price = cycle.pricing_scheme.fixed_price;
    const sale = id('8SALE', 12);
    const completed = (subscription.billing_info?.cycle_executions as { cycles_completed: number }[] | undefined)?.[0];
    transactions.set(subscription.id, [
      ...(transactions.get(subscription.id) ?? []),
      {
        id: sale,
        status: 'COMPLETED',
        amount_with_breakdown: {
          gross_amount: price,
          fee_amount: { currency_code: price.currency_code, value: '0.30' },
          net_amount: price,
        },
        time,
      },
    ]);
    subscription.billing_info = {
      outstanding_balance: { currency_code: price.currency_code, value: '0.00' },
      cycle_executions: [
        {
          tenure_type: 'REGULAR',
          sequence: 1,
          cycles_completed: (completed?.cycles_completed ?? 0) + 1,
          cycles_remaining: 0,
          current_pricing_scheme_version: 1,
          total_cycles: 0,
        },
      ],
      last_payment: { amount: price, time },
      next_billing_time: cycleEnd(time, cycle.frequency),
      failed_payments_count: 0,
    };
    return {
      id: sale,
      state: 'completed',
      amount: { total: price.value, currency: price.currency_code, details: { subtotal: price.value } },
      payment_mode: 'INSTANT_TRANSFER',
      billing_agreement_id: subscription.id,
      protection_eligibility: 'ELIGIBLE',
      transaction_fee: { currency: price.currency_code, value: '0.30' },
      create_time: time,
      update_time: time,
      links: [{ href: `${HOST}/v1/payments/sale/${sale}`, rel: 'self', method: 'GET' }],
    };
  }

  /** A plan as the list shows it without `Prefer: return=representation`. */
  const summary = (plan: Plan) =>
    Object.fromEntries(
      Object.entries(plan).filter(([field]) => !['billing_cycles', 'payment_preferences'].includes(field)),
    );

  function handle(request: VendorRequest, body: Json, remember: (answer: unknown) => VendorReply) {
    const { method, path, query } = request;
    const product = /^\/v1\/catalogs\/products\/([^/]+)$/.exec(path);
    if (method === 'GET' && product) {
      const found = products.get(decodeURIComponent(product[1]!));
      return found ? { json: found } : notFound;
    }
    if (method === 'POST' && path === '/v1/catalogs/products') {
      if (!body.name) return invalid('/name');
      if (!['PHYSICAL', 'DIGITAL', 'SERVICE'].includes(String(body.type))) return invalid('/type');
      const productId = typeof body.id === 'string' ? body.id : id('PROD-', 17);
      if (products.has(productId)) return unprocessable('DUPLICATE_RESOURCE_IDENTIFIER', 'The product id is taken.');
      const made = { ...body, id: productId, create_time: nowText(), update_time: nowText() };
      products.set(productId, made);
      return remember(made);
    }
    if (method === 'GET' && path === '/v1/billing/plans') {
      const size = Number(query.get('page_size') ?? 10);
      const page = Number(query.get('page') ?? 1);
      const all = [...plans.values()].filter((plan) => plan.product_id === query.get('product_id'));
      const full = request.headers.prefer === 'return=representation';
      return {
        json: {
          plans: all.slice((page - 1) * size, page * size).map((plan) => (full ? plan : summary(plan))),
          ...(query.get('total_required') === 'true'
            ? { total_items: all.length, total_pages: Math.max(1, Math.ceil(all.length / size)) }
            : {}),
        },
      };
    }
    if (method === 'POST' && path === '/v1/billing/plans') {
      if (!products.has(String(body.product_id))) return unprocessable('INVALID_PRODUCT_ID', 'No such product.');
      if (!Array.isArray(body.billing_cycles) || body.billing_cycles.length === 0) return invalid('/billing_cycles');
      const planId = id('P-', 24);
      const made = {
        ...body,
        id: planId,
        product_id: String(body.product_id),
        billing_cycles: body.billing_cycles as Plan['billing_cycles'],
        status: typeof body.status === 'string' ? body.status : 'ACTIVE',
        create_time: nowText(),
        update_time: nowText(),
        links: [{ href: `${HOST}/v1/billing/plans/${planId}`, rel: 'self', method: 'GET' }],
      };
      plans.set(made.id, made);
      return remember(made);
    }
    if (method === 'POST' && path === '/v1/billing/subscriptions') {
      const plan = plans.get(String(body.plan_id));
      if (!plan) return unprocessable('INVALID_PLAN_ID', 'No such plan.');
      if (plan.status !== 'ACTIVE') return unprocessable('PLAN_STATUS_INVALID', 'The plan is not active.');
      const subscriptionId = id('I-', 12);
      const made: Subscription = {
        id: subscriptionId,
        plan_id: plan.id,
        status: 'APPROVAL_PENDING',
        ...(typeof body.custom_id === 'string' ? { custom_id: body.custom_id } : {}),
        quantity: '1',
        plan_overridden: false,
        status_update_time: nowText(),
        create_time: nowText(),
        links: [
          {
            href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-${subscriptionId.slice(2)}`,
            rel: 'approve',
            method: 'GET',
          },
          { href: `${HOST}/v1/billing/subscriptions/${subscriptionId}`, rel: 'edit', method: 'PATCH' },
          { href: `${HOST}/v1/billing/subscriptions/${subscriptionId}`, rel: 'self', method: 'GET' },
        ],
      };
      subscriptions.set(subscriptionId, made);
      return remember(made);
    }
    const one = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel|\/transactions)?$/.exec(path);
    const subscription = one ? subscriptions.get(one[1]!) : undefined;
    if (!one) return undefined;
    if (!subscription) return notFound;
    if (method === 'GET' && !one[2]) {
      const plan = plans.get(subscription.plan_id)!;
      const withPlan = query.get('fields')?.split(',').includes('plan');
      return {
        json: withPlan
          ? {
              ...subscription,
              plan: {
                product_id: plan.product_id,
                name: plan.name,
                billing_cycles: plan.billing_cycles,
                payment_preferences: plan.payment_preferences,
              },
            }
          : subscription,
      };
    }
    if (method === 'GET' && one[2] === '/transactions') {
      const [from, to] = [query.get('start_time'), query.get('end_time')];
      if (!from) return invalid('start_time');
      if (!to) return invalid('end_time');
      const listed = (transactions.get(subscription.id) ?? []).filter(
        (transaction) =>
          Date.parse(transaction.time) >= Date.parse(from) && Date.parse(transaction.time) <= Date.parse(to),
      );
      return { json: { transactions: listed } };
    }
    if (method === 'POST' && one[2] === '/cancel') {
      if (typeof body.reason !== 'string' || !body.reason) return invalid('/reason');
      if (subscription.status !== 'ACTIVE' && subscription.status !== 'SUSPENDED')
        return unprocessable('SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for cancel action.');
      subscription.status = 'CANCELLED';
      subscription.status_change_note = body.reason;
      subscription.status_update_time = nowText();
      if (subscription.billing_info) delete subscription.billing_info.next_billing_time;
      return { status: 204 };
    }
    return undefined;
  }

  const find = (subscriptionId: string) => subscriptions.get(subscriptionId)!;
  return {
    /** Answers the Catalog Products and Subscriptions calls; undefined for a path that is not one. */
    handle,
    /** The payer approved on PayPal's page; PayPal has not charged the first cycle yet. */
    approveSubscription: (subscriptionId: string) => {
      find(subscriptionId).status = 'APPROVED';
    },
    /** The payer approved and PayPal activated the subscription, charging its first cycle: that sale. */
    activateSubscription: (subscriptionId: string) => {
      const subscription = find(subscriptionId);
      Object.assign(subscription, { status: 'ACTIVE', start_time: nowText(), status_update_time: nowText() });
      return charge(subscription, nowText());
    },
    /** The next cycle comes due and PayPal charges it: that sale. */
    renewSubscription: (subscriptionId: string) => {
      const subscription = find(subscriptionId);
      return charge(subscription, subscription.billing_info!.next_billing_time!);
    },
    /** PayPal suspends it (payments failed past the plan's threshold) or it expires. */
    setSubscriptionStatus: (subscriptionId: string, status: 'SUSPENDED' | 'EXPIRED') => {
      Object.assign(find(subscriptionId), { status, status_update_time: nowText() });
    },
    /** The subscription as PayPal has it: a BILLING.SUBSCRIPTION.* event's resource. */
    subscriptionResource: (subscriptionId: string) => structuredClone(find(subscriptionId)),
    /** What was made at PayPal, for a test to count. */
    made: () => ({ products: [...products.keys()], plans: [...plans.values()] }),
  };
}
