import type { Plan, PlanInput } from '@tolk/shared/schemas/subscriptions';
import { post } from '../../../lib/http';

/** POST /api/plans: a new plan (superadmins); a problem with a field is a 400 naming it. */
export const createPlan = (input: PlanInput) => post<Plan>('/plans', input);
