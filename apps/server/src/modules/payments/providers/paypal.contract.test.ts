import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorServer, type VendorRequest, type VendorServer } from '../../../test/vendor-server';
import { createPaypalProvider } from './paypal';
import { WebhookSignatureError, type RedirectProvider } from './provider';

const HOST = 'api-m.sandbox.paypal.com';
const CLIENT_ID = 'contract-client';
const CLIENT_SECRET = 'contract-secret';
const WEBHOOK_ID = 'WH-CONTRACT-1';
const TOKEN = 'A21AAcontracttoken';

/**
 * PayPal's REST API as far as Tolk uses it (OAuth client credentials, Orders v2, capture refunds,
 * webhook verification), answering in PayPal's JSON: snake_case, HATEOAS links, PayPal-Request-Id
 * idempotency, 422 with an issue for a refused instrument.
 */
function fakePaypal() {
  const orders = new Map<string, Record<string, unknown> & { status: string; declined?: boolean }>();
  const byRequestId = new Map<string, unknown>();
  /** The signatures PayPal would have made: transmission id -> the signed event. */
  const signed = new Map<string, string>();
  let next = 1;
  const notFound = { status: 404, json: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } };
  const handle = (request: VendorRequest) => {
    if (request.path === '/v1/oauth2/token') {
      const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
      if (request.headers.authorization !== `Basic ${basic}`) return { status: 401, json: { error: 'invalid_client' } };
      return {
        json: {
          access_token: TOKEN,
          token_type: 'Bearer',
          expires_in: 32400,
          scope: 'https://uri.paypal.com/services/payments',
        },
      };
    }
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return { status: 401, json: { name: 'AUTHENTICATION_FAILURE' } };
    const requestId = request.headers['paypal-request-id'];
    if (typeof requestId === 'string' && byRequestId.has(requestId))
      return { status: 201, json: byRequestId.get(requestId) };
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    const remember = (answer: unknown, status = 201) => {
      if (typeof requestId === 'string') byRequestId.set(requestId, answer);
      return { status, json: answer };
    };
    const orderPath = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(request.path);
    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const id = `5O${String(next++).padStart(15, '0')}`;
      const order = {
        id,
        intent: body.intent,
        status: 'PAYER_ACTION_REQUIRED',
        purchase_units: body.purchase_units,
        payment_source: body.payment_source,
        links: [
          { href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' },
          { href: `https://${HOST}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
        ],
      };
      orders.set(id, order);
      return remember(order);
    }
    if (orderPath) {
      const order = orders.get(orderPath[1]!);
      if (!order) return notFound;
      if (!orderPath[2]) return { json: order };
      if (order.declined)
        return { status: 422, json: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] } };
      if (order.status !== 'APPROVED')
        return { status: 422, json: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] } };
      const unit = (order.purchase_units as { amount: unknown }[])[0]!;
      Object.assign(order, {
        status: 'COMPLETED',
        purchase_units: [
          { ...unit, payments: { captures: [{ id: `CAP${next++}`, status: 'COMPLETED', amount: unit.amount }] } },
        ],
      });
      return remember(order);
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
    if (request.method === 'POST' && refund)
      return remember({ id: `REF${next++}`, status: 'COMPLETED', amount: body.amount });
    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') {
      const event = signed.get(String(body.transmission_id));
      const holds =
        body.webhook_id === WEBHOOK_ID &&
        event === JSON.stringify(body.webhook_event) &&
        body.transmission_sig === signatureOf(event, String(body.transmission_id));
      return { status: 200, json: { verification_status: holds ? 'SUCCESS' : 'FAILURE' } };
    }
    return notFound;
  };
  const signatureOf = (event: string, transmissionId: string) =>
    createHash('sha256').update(`${transmissionId}|${WEBHOOK_ID}|${event}`).digest('base64');
  return {
    handle,
    approve(id: string) {
      orders.get(id)!.status = 'APPROVED';
    },
    decline(id: string) {
      Object.assign(orders.get(id)!, { status: 'APPROVED', declined: true });
    },
    /** An event as PayPal sends it to the webhook, with its transmission headers. */
    event(type: string, resource: unknown) {
      const transmissionId = `tx-${next++}`;
      const body = JSON.stringify({ id: `WH-EVT-${next++}`, event_type: type, resource });
      signed.set(transmissionId, body);
      return {
        body: Buffer.from(body),
        headers: {
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `https://${HOST}/v1/notifications/certs/CERT-contract`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signatureOf(body, transmissionId),
          'paypal-transmission-time': new Date().toISOString(),
        } as Record<string, string>,
      };
    },
  };
}

let api: VendorServer;
let paypal: ReturnType<typeof fakePaypal>;
let provider: RedirectProvider;
let certDir: string;

beforeAll(async () => {
  // The SDK speaks HTTPS to PayPal's host only: the contract server gets a certificate for that
  // name, and the SDK an agent that trusts it and connects to the server wherever it listens.
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-paypal-'));
  const [keyFile, certFile] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1'].concat([
      '-subj',
      `/CN=${HOST}`,
      '-addext',
      `subjectAltName=DNS:${HOST}`,
    ]),
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(certFile, 'utf8');
  paypal = fakePaypal();
  api = await vendorServer((request) => paypal.handle(request), {
    tls: { key: fs.readFileSync(keyFile, 'utf8'), cert },
  });
  const port = Number(new URL(api.url).port);
  class ContractAgent extends https.Agent {
    override createConnection(options: tls.ConnectionOptions): Socket {
      return tls.connect({ ...options, host: '127.0.0.1', port, ca: cert, servername: HOST });
    }
  }
  provider = createPaypalProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    environment: 'sandbox',
    webhookId: WEBHOOK_ID,
    httpsAgent: new ContractAgent({ keepAlive: false }),
  });
});
afterAll(async () => {
  await api.close();
  fs.rmSync(certDir, { recursive: true, force: true });
});

const request = {
  paymentId: '9a1b7a7e-0d55-4d8e-8c1f-111111111111',
  amountMinor: 5000,
  currency: 'EUR',
  description: 'Walk through Alfama × 2',
  returnUrl: 'http://tolk.test/pay/1?return=1',
  cancelUrl: 'http://tolk.test/pay/1?cancel=1',
};

describe('PayPal, through the official server SDK, against a contract server', () => {
  it('creates one order per payment, with the amount in major units and the approval page to go to', async () => {
    const first = await provider.checkout(request);
    const again = await provider.checkout(request);
    expect(again).toEqual(first);
    expect(first.redirectUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${first.providerRef}`);
    const created = api.requests.find((r) => r.path === '/v2/checkout/orders')!;
    expect(created.headers['paypal-request-id']).toBe(`checkout-${request.paymentId}`);
    expect(JSON.parse(created.body)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: request.paymentId, amount: { currency_code: 'EUR', value: '50.00' } }],
      payment_source: {
        paypal: { experience_context: { return_url: request.returnUrl, cancel_url: request.cancelUrl } },
      },
    });
    expect(provider.testMode).toBe(true);
  });

  it('reads an order as pending until approved, then captures it once', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '9a1b7a7e-0d55-4d8e-8c1f-222222222222' });
    expect((await provider.settle(providerRef)).state).toBe('pending');
    paypal.approve(providerRef);
    const paid = await provider.settle(providerRef);
    expect(paid).toMatchObject({ providerRef, state: 'succeeded', amountMinor: 5000, currency: 'EUR' });
    expect(paid.chargeRef).toMatch(/^CAP/);
    // Read again (the payer back from PayPal and the webhook both ask): no second capture.
    expect(await provider.settle(providerRef)).toEqual(paid);
    expect(api.requests.filter((r) => r.path === `/v2/checkout/orders/${providerRef}/capture`)).toHaveLength(1);
  });

  it('reads a refused instrument as a declined payment, not an outage', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '9a1b7a7e-0d55-4d8e-8c1f-333333333333' });
    paypal.decline(providerRef);
    expect(await provider.settle(providerRef)).toMatchObject({
      state: 'failed',
      outcome: 'card_declined',
      chargeRef: null,
    });
  });

  it('has PayPal verify each webhook, and refuses one it does not verify or that lacks its headers', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '9a1b7a7e-0d55-4d8e-8c1f-444444444444' });
    const capture = {
      id: 'CAP-HOOK-1',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '50.00' },
      supplementary_data: { related_ids: { order_id: providerRef } },
    };
    const good = paypal.event('PAYMENT.CAPTURE.COMPLETED', capture);
    expect(await provider.webhook(good.body, good.headers)).toMatchObject({
      type: 'PAYMENT.CAPTURE.COMPLETED',
      payment: { providerRef, state: 'succeeded', chargeRef: 'CAP-HOOK-1', amountMinor: 5000, currency: 'EUR' },
    });
    const tampered = Buffer.from(good.body.toString().replace('50.00', '0.01'));
    await expect(provider.webhook(tampered, good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    const unsigned = Object.fromEntries(
      Object.entries(good.headers).filter(([name]) => name !== 'paypal-transmission-sig'),
    );
    await expect(provider.webhook(good.body, unsigned)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.webhook(Buffer.from('not json'), good.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('settles an approved order from its CHECKOUT.ORDER.APPROVED event by capturing it', async () => {
    const { providerRef } = await provider.checkout({ ...request, paymentId: '9a1b7a7e-0d55-4d8e-8c1f-555555555555' });
    paypal.approve(providerRef);
    const approved = paypal.event('CHECKOUT.ORDER.APPROVED', { id: providerRef, status: 'APPROVED' });
    expect((await provider.webhook(approved.body, approved.headers)).payment).toMatchObject({
      providerRef,
      state: 'succeeded',
    });
  });

  it('refunds a capture once per key, in major units', async () => {
    const first = await provider.refund('CAP1', 2500, 'EUR', 'refund-order-1');
    expect(await provider.refund('CAP1', 2500, 'EUR', 'refund-order-1')).toEqual(first);
    const refund = api.requests.filter((r) => r.path === '/v2/payments/captures/CAP1/refund').at(-1)!;
    expect(JSON.parse(refund.body)).toEqual({ amount: { currency_code: 'EUR', value: '25.00' } });
  });
});
