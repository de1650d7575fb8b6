import type { Plan, PlanUpdate } from '@tolk/shared/schemas/subscriptions';
import { patch } from '../../../lib/http';

/**
 * PATCH /api/plans/{id}: a plan changed (superadmins). New prices apply to new subscriptions;
 * running ones keep the price they were taken at.
 */
export const updatePlan = (id: string, input: PlanUpdate) => patch<Plan>(`/plans/${encodeURIComponent(id)}`, input);
