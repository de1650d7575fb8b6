import https from 'node:https';
import type { Client } from '@paypal/paypal-server-sdk';

/** PayPal answered a REST call with an error status. */
export class PaypalRestError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
    path: string,
  ) {
    super(`PayPal ${path}: ${statusCode} ${body}`);
    this.name = 'PaypalRestError';
  }
}

export type PaypalRest = <T>(
  method: 'GET' | 'POST',
  path: string,
  options?: { body?: unknown; requestId?: string },
) => Promise<T>;

/**
 * Calls of PayPal's REST API the SDK does not cover (webhook verification, catalog products), with
 * the SDK's own OAuth token and through the same agent (the tests' contract server).
 */
export function paypalRest(client: Client, base: string, agent: https.Agent | undefined): PaypalRest {
  return async function rest<T>(
    method: 'GET' | 'POST',
    path: string,
    { body, requestId }: { body?: unknown; requestId?: string } = {},
  ): Promise<T> {
    const token = await client.clientCredentialsAuthManager.fetchToken();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<T>((resolve, reject) => {
      const request = https.request(
        `${base}${path}`,
        {
          method,
          agent,
          timeout: 15_000,
          headers: {
            authorization: `Bearer ${token.accessToken}`,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...(requestId ? { 'paypal-request-id': requestId } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const status = response.statusCode ?? 500;
            if (status >= 300) reject(new PaypalRestError(status, text, path));
            else resolve(JSON.parse(text) as T);
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error(`PayPal ${path}: timed out`)));
      request.on('error', reject);
      request.end(payload);
    });
  };
}
