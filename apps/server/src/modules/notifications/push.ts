import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError, type RequestOptions } from 'web-push';
import type { PushPayload, PushSubscriptionInput } from '@tolk/shared/schemas/notifications';
import { fieldError } from '../../errors';
import type { VapidKeys } from '../../plugins/server-secrets';
import { PermanentFailure, type Outbox } from '../../plugins/outbox';
import { serverTexts } from '../../texts';
import { notificationWords, previewWords } from './notification-words';
import type { PushDelivery, PushRepository } from './push.repository';

const TOPIC = 'push';
/** How long a push service keeps a push for a device that is off: a day, then it is stale. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

export interface PushConfig {
  /** The contact push services may write to about this server (TOLK_VAPID_SUBJECT): mailto: or https:. */
  subject: string;
  /**
   * Devices may name a push service at this machine's own addresses, reached through this agent
   * (the tests' stand-in and its certificate). Absent in production: a member must not make the
   * server post into its own network.
   */
  local?: { agent: Agent };
}

const LOCAL_HOST = /^(localhost|\[[0-9a-f:.]*\]|[\d.]+)$/i;

/** What a device shows for a notification: in the recipient's language, muses with their preview. */
export function pushPayload(delivery: PushDelivery): PushPayload {
  const { t, language } = serverTexts(delivery.language);
  const words = notificationWords(delivery, t, language);
  return {
    title: words,
    body: delivery.topic === 'muse' ? previewWords(delivery, t) : '',
    link: delivery.link,
    tag: `${delivery.topic}:${delivery.subject}`,
  };
}

/**
 * Web push: devices' subscriptions, and a push per new notification and device through the
 * durable outbox, signed with the server's VAPID key and encrypted for the device (aes128gcm).
 * A device its push service says is gone (404, 410) is forgotten; a refused push is not retried.
 */
export function createPush(deps: {
  repo: PushRepository;
  outbox: Pick<Outbox, 'handle' | 'enqueue'>;
  keys: VapidKeys;
  config: PushConfig;
  log: FastifyBaseLogger;
}) {
  const { repo, keys, config } = deps;
  const options: RequestOptions = {
    vapidDetails: { subject: config.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: TTL_SECONDS,
    timeout: TIMEOUT_MS,
    ...(config.local ? { agent: config.local.agent } : {}),
  };

  deps.outbox.handle(TOPIC, async (payload) => {
    const { subscriptionId, notificationId } = payload as { subscriptionId: string; notificationId: string };
    const delivery = await repo.delivery(subscriptionId, notificationId);
    // The device was removed, or the member read it meanwhile on another: nothing to show.
    if (!delivery || delivery.read) return;
    try {
      await webpush.sendNotification(
        { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
        JSON.stringify(pushPayload(delivery)),
        options,
      );
    } catch (error) {
      if (!(error instanceof WebPushError)) throw error;
      if (error.statusCode === 404 || error.statusCode === 410) {
        deps.log.info(
          { status: error.statusCode },
          'a push service says a device is gone: its subscription is removed',
        );
        await repo.removeById(subscriptionId);
        return;
      }
      // 429 and 5xx pass; any other answer refuses this push for good.
      if (error.statusCode !== 429 && error.statusCode < 500) {
        throw new PermanentFailure(`push refused: ${error.statusCode} ${error.body}`, { cause: error });
      }
      throw new Error(`push service answered ${error.statusCode}`, { cause: error });
    }
  });

  function checkEndpoint(endpoint: string) {
    if (config.local) return;
    if (LOCAL_HOST.test(new URL(endpoint).hostname)) {
      throw fieldError('endpoint', 'A push service is reached at a host name, not an address.');
    }
  }

  return {
    publicKey: keys.publicKey,

    async subscribe(accountId: string, sessionId: string, input: PushSubscriptionInput) {
      checkEndpoint(input.endpoint);
      await repo.save(accountId, sessionId, input);
    },

    /** Whether the device was the member's (404 otherwise). */
    unsubscribe: (accountId: string, endpoint: string) => repo.remove(accountId, endpoint),

    forgetSessions: (sessionIds: readonly string[]) => repo.removeSessions(sessionIds),

    /** Queues a push of each new notification to each device its recipient wants it on (in `tx`). */
    async queue(
      exec: Parameters<PushRepository['targets']>[0] & Parameters<Outbox['enqueue']>[1],
      items: { notificationId: string; recipientId: string; topic: string }[],
    ) {
      const targets = await repo.targets(exec, items);
      if (!targets.length) return;
      await deps.outbox.enqueue(
        targets.map((target) => ({
          topic: TOPIC,
          key: `push:${target.notificationId}:${target.subscriptionId}`,
          payload: target,
        })),
        exec,
      );
    },
  };
}

export type Push = ReturnType<typeof createPush>;
