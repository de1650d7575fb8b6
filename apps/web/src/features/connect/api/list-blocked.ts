import { queryOptions } from '@tanstack/react-query';
import type { BlockedPeople } from '@tolk/shared/schemas/connect';
import { get } from '../../../lib/http';

/**
 * Under connect's key tree (['connect', ...]): whatever refreshes connect after a block or an
 * unblock refreshes this list too.
 */
export const blockedQueryKey = ['connect', 'blocked'] as const;

/** The people I blocked: connect lists them to unblock, a group thread folds their muses away. */
export const listBlocked = () => get<BlockedPeople>('/connect/blocked');

/**
 * For signed-in members only (a guest has nobody blocked and the server would refuse the call):
 * the screens that use it are members-only, and `signedIn` turns it off anywhere else.
 */
export const blockedQuery = (signedIn = true) =>
  queryOptions({ queryKey: blockedQueryKey, queryFn: listBlocked, enabled: signedIn });
