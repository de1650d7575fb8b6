import type { Subscription } from '@tolk/shared/schemas/subscriptions';
import { post } from '../../../lib/http';

/** POST /api/subscriptions/{id}/resume: undoes a cancel while the paid period runs; it renews again. */
export const resumeSubscription = (id: string) => post<Subscription>(`/subscriptions/${encodeURIComponent(id)}/resume`);
