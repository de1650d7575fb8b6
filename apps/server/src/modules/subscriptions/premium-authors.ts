import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, activeSubscriberNow } from '../../db/schema/accounts';
import { conversationMembers, conversations } from '../../db/schema/conversations';
import type { MuseAuthor } from '../muses';
import { LruCache } from '../translation';

/** How long an answer is kept: a subscription that starts or ends reaches translations within it. */
const KEPT_MS = 60_000;

/**
 * Whether a muse is a subscriber's own (TRANSLATION_PREMIUM_ENGINES translate those first): its
 * sender is an active subscriber, or it was said in a plaza an active subscriber opened. One
 * query per sender and conversation a minute, not one per muse.
 */
export function premiumAuthors(db: Database, now: () => number = Date.now) {
  const known = new LruCache<{ premium: boolean; at: number }>(10_000);
  const owner = sql`(select ${activeSubscriberNow} from ${accounts} where ${accounts.id} = ${conversations.ownerId})`;
  return async function isPremium(author: MuseAuthor): Promise<boolean> {
    const key = `${author.senderMemberId}:${author.conversationId}`;
    const kept = known.get(key);
    if (kept && now() - kept.at < KEPT_MS) return kept.premium;
    const [row] = await db
      .select({
        sender: activeSubscriberNow,
        plazaOwner: sql<boolean | null>`case when ${conversations.kind} = 'plaza' then ${owner} end`,
      })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .leftJoin(accounts, eq(accounts.id, conversationMembers.accountId))
      .where(and(eq(conversationMembers.id, author.senderMemberId), eq(conversations.id, author.conversationId)));
    const premium = Boolean(row?.sender) || row?.plazaOwner === true;
    known.set(key, { premium, at: now() });
    return premium;
  };
}
