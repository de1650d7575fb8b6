import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { createPaypalProvider } from '../modules/payments/providers/paypal';
import type { RedirectProvider } from '../modules/payments/providers/provider';
import { fakePaypalSubscriptions } from './fake-paypal-subscriptions';
import { vendorServer, type VendorRequest, type VendorServer } from './vendor-server';

export const PAYPAL_HOST = 'api-m.sandbox.paypal.com';
export const PAYPAL_CLIENT_ID = 'contract-client';
export const PAYPAL_CLIENT_SECRET = 'contract-secret';
export const PAYPAL_WEBHOOK_ID = 'WH-CONTRACT-1';
const TOKEN = 'A21AAcontracttoken';

/**
 * PayPal's REST API as far as Tolk uses it (OAuth client credentials, Orders v2, capture refunds,
 * catalog products, billing plans and subscriptions, webhook verification), answering in PayPal's JSON: snake_case, HATEOAS links, PayPal-Request-Id
 * idempotency, 422 with an issue for a refused instrument.
 */
export function fakePaypal() {
  const orders = new Map<string, Record<string, unknown> & { status: string; declined?: boolean }>();
  const byRequestId = new Map<string, unknown>();
  /** The signatures PayPal would have made: transmission id -> the signed event. */
  const signed = new Map<string, string>();
  let next = 1;
  const billing = fakePaypalSubscriptions(() => next++);
  const notFound = { status: 404, json: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } };
  const handle = (request: VendorRequest) => {
    if (request.path === '/v1/oauth2/token') {
      const basic = Buffer.from(`${PAYPAL_CLIENT_ID}:${PAYPAL_CLIENT_SECRET}`).toString('base64');
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
          { href: `https://${PAYPAL_HOST}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
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
        body.webhook_id === PAYPAL_WEBHOOK_ID &&
        event === JSON.stringify(body.webhook_event) &&
        body.transmission_sig === signatureOf(event, String(body.transmission_id));
      return { status: 200, json: { verification_status: holds ? 'SUCCESS' : 'FAILURE' } };
    }
    return billing.handle(request, body, remember) ?? notFound;
  };
  const signatureOf = (event: string, transmissionId: string) =>
    createHash('sha256').update(`${transmissionId}|${PAYPAL_WEBHOOK_ID}|${event}`).digest('base64');
  return {
    handle,
    approveSubscription: billing.approveSubscription,
    activateSubscription: billing.activateSubscription,
    renewSubscription: billing.renewSubscription,
    setSubscriptionStatus: billing.setSubscriptionStatus,
    subscriptionResource: billing.subscriptionResource,
    made: billing.made,
    /** PayPal keeps a PayPal-Request-Id for a while only (hours to days): after that, a repeat makes anew. */
    forgetRequestIds() {
      byRequestId.clear();
    },
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
          'paypal-cert-url': `https://${PAYPAL_HOST}/v1/notifications/certs/CERT-contract`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signatureOf(body, transmissionId),
          'paypal-transmission-time': new Date().toISOString(),
        } as Record<string, string>,
      };
    },
  };
}

/**
 * The contract server listening over TLS, and a PayPal provider of the official SDK talking to it:
 * the SDK speaks HTTPS to PayPal's host only, so the server gets a certificate for that name and
 * the SDK an agent that trusts it and connects to the server wherever it listens.
 */
export async function paypalContract(): Promise<{
  api: VendorServer;
  paypal: ReturnType<typeof fakePaypal>;
  provider: RedirectProvider;
  connect(): RedirectProvider;
  close(): Promise<void>;
}> {
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tolk-paypal-'));
  const [keyFile, certFile] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1'].concat([
      '-subj',
      `/CN=${PAYPAL_HOST}`,
      '-addext',
      `subjectAltName=DNS:${PAYPAL_HOST}`,
    ]),
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(certFile, 'utf8');
  const paypal = fakePaypal();
  const api = await vendorServer((request) => paypal.handle(request), {
    tls: { key: fs.readFileSync(keyFile, 'utf8'), cert },
  });
  const port = Number(new URL(api.url).port);
  class ContractAgent extends https.Agent {
    override createConnection(options: tls.ConnectionOptions): Socket {
      return tls.connect({ ...options, host: '127.0.0.1', port, ca: cert, servername: PAYPAL_HOST });
    }
  }
  /** A PayPal provider of the official SDK talking to the contract server (another one: a restarted server). */
  const connect = () =>
    createPaypalProvider({
      clientId: PAYPAL_CLIENT_ID,
      clientSecret: PAYPAL_CLIENT_SECRET,
      environment: 'sandbox',
      webhookId: PAYPAL_WEBHOOK_ID,
      httpsAgent: new ContractAgent({ keepAlive: false }),
    });
  const provider = connect();
  return {
    api,
    paypal,
    provider,
    connect,
    async close() {
      await api.close();
      fs.rmSync(certDir, { recursive: true, force: true });
    },
  };
}
