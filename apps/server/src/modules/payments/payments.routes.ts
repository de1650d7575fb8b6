import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  payableSchema,
  paymentInputSchema,
  paymentProvidersSchema,
  paymentSchema,
  paymentTermsSchema,
  sandboxPaymentInputSchema,
  webhookReceiptSchema,
} from '@tolk/shared/schemas/payments';
import { callerOf } from '../../plugins/auth';
import { errorResponses } from '../../plugins/errors';
import { routes } from '../../http/routes';
import type { OrderScope } from '../orders';
import type { PaymentsService } from './payments.service';
import type { RedirectProviderId } from './providers/configured';

const readerOf = (request: FastifyRequest): OrderScope => {
  const { tenantId, accountId, superAdmin } = callerOf(request);
  return { tenantId, accountId, superAdmin };
};

export interface PaymentsRoutesOptions {
  service: PaymentsService;
  /** TOLK_PUBLIC_URL: where the providers send the payer back; the request's own origin when unset. */
  publicUrl: string | undefined;
}

/** Ways to pay, paying an order, a payment's state, the sandbox's card form, refunds and the providers' webhooks. */
export async function paymentsRoutes(app: FastifyInstance, { service, publicUrl }: PaymentsRoutesOptions) {
  const tags = ['payments'];
  const route = routes(app, {
    tags,
    errors: errorResponses(400, 401, 403, 404, 409, 503),
    actor: readerOf,
  });

  /**
   * Paying through a provider, an order or anything payable, the same way: the payer, what, which
   * provider, and where the provider sends the payer back.
   */
  const paymentStart = (line: `POST /${string}/:id/payments`, summary: string, start: 'start' | 'startPayable') => {
    route(line, {
      summary,
      body: paymentInputSchema,
      response: { 201: paymentSchema },
      handler: (reader, request) =>
        service[start](
          reader,
          request.params.id,
          request.body.provider,
          publicUrl ?? `${request.protocol}://${request.host}`,
        ),
    });
  };

  route('GET /payments/providers', {
    summary: 'The ways to pay offered here (the sandbox always, in test mode; Stripe and PayPal when configured)',
    response: { 200: paymentProvidersSchema },
    handler: async () => service.providers(),
  });

  route('GET /payments/terms', {
    summary:
      "What selling costs: the platform's fee in percent of an order's total (TOLK_PLATFORM_FEE_PERCENT), taken from the seller's side when it is paid",
    response: { 200: paymentTermsSchema },
    handler: async () => service.terms(),
  });

  paymentStart(
    'POST /orders/:id/payments',
    "The buyer pays an accepted order through a provider: its open payment (asking again finds it) with the provider's page to go to (Stripe, PayPal)",
    'start',
  );

  route('GET /payables/:id', {
    summary:
      'An order or a subscription as its payer reads it before paying (/select-payment/{id}): what, how much, whether it can be paid now',
    response: { 200: payableSchema },
    handler: (reader, { params }) => service.payable(reader, params.id),
  });

  paymentStart(
    'POST /payables/:id/payments',
    "The payer pays an accepted order or a subscription's first period through a provider: its open payment (asking again finds it), with the provider's page to go to (Stripe, PayPal)",
    'startPayable',
  );

  route('GET /payments/:id', {
    summary:
      "A payment with its order (buyer and seller); while open, the provider is asked where it stands (the payer's return)",
    response: { 200: paymentSchema },
    handler: (reader, { params }) => service.get(reader, params.id),
  });

  route('POST /payments/:id/sandbox', {
    summary:
      'The sandbox card form (test cards only): 4242… pays, 4000…0002 is declined, 4000…9995 has too little money; a declined payment is over, a new one is asked for',
    body: sandboxPaymentInputSchema,
    response: { 200: paymentSchema },
    handler: (reader, { params, body }) => service.sandbox(reader, params.id, body),
  });

  route('POST /orders/:id/refund', {
    summary: "The seller (or a superadmin) gives a paid or fulfilled order's money back to the buyer",
    response: { 200: paymentSchema },
    handler: (reader, { params }) => service.refund(reader, params.id),
  });

  // The providers sign the bytes they send: these routes keep the body as it came.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    const w = webhooks.withTypeProvider<ZodTypeProvider>();
    for (const provider of ['stripe', 'paypal'] as const satisfies RedirectProviderId[]) {
      w.post(
        `/payments/${provider}/webhook`,
        {
          schema: {
            tags,
            summary: `${provider === 'stripe' ? 'Stripe' : 'PayPal'}'s signed events: verified (400 and nothing kept when not), stored once per event id, then acted on`,
            security: [],
            response: { 200: webhookReceiptSchema, ...errorResponses(400, 404, 503) },
          },
        },
        async (request) =>
          service.webhook(provider, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), request.headers),
      );
    }
  });
}
