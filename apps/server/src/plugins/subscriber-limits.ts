import type { FastifyRequest } from 'fastify';

/**
 * A per-member limit as the rate limiter reads it: `max`, times `factor` while the caller is an
 * active subscriber (TOLK_SUBSCRIBER_LIMIT_FACTOR; /sub shows both numbers).
 */
export const subscriberMax = (max: number, factor: number) => (request: FastifyRequest) =>
  request.caller?.activeSubscriber ? max * factor : max;
