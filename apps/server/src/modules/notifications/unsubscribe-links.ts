import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '@tolk/shared/schemas/notifications';
import { isUuid } from '../../db/uuid';

/** What a link stops: every notification mail, or one topic's. */
export type UnsubscribeScope = 'all' | NotificationTopic;

const SCOPES: readonly string[] = ['all', ...NOTIFICATION_TOPICS];

/**
 * Signed one-click unsubscribe links (RFC 8058): `<account>.<scope>.<signature>`, the signature an
 * HMAC under the server's link key. They name no session and do not expire: a mail read a year
 * later still stops what it says, and only stops that.
 */
export function unsubscribeLinks(key: string) {
  const sign = (body: string) => createHmac('sha256', key).update(`unsubscribe:${body}`).digest('base64url');
  return {
    token(accountId: string, scope: UnsubscribeScope): string {
      const body = `${accountId}.${scope}`;
      return `${body}.${sign(body)}`;
    },
    /** The account and scope of a token this server signed, else null. */
    verify(token: string): { accountId: string; scope: UnsubscribeScope } | null {
      const [accountId = '', scope = '', signature = '', ...rest] = token.split('.');
      if (rest.length || !isUuid(accountId) || !SCOPES.includes(scope)) return null;
      const expected = Buffer.from(sign(`${accountId}.${scope}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { accountId, scope: scope as UnsubscribeScope };
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof unsubscribeLinks>;
