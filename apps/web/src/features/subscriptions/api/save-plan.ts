import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { Plan, PlanInput } from '@tolk/shared/schemas/subscriptions';
import { createPlan } from './create-plan';
import { refreshAfterPlanChange } from './keys';
import { updatePlan } from './update-plan';

/**
 * Adds a plan, or changes the one given (the same form does both); after the screen's part, the
 * plans ask again.
 */
export function useSavePlan(
  plan: Plan | undefined,
  options: Omit<UseMutationOptions<Plan, Error, PlanInput>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: PlanInput) => (plan ? updatePlan(plan.id, input) : createPlan(input)),
    onSuccess: async (...args) => {
      await options.onSuccess?.(...args);
      await refreshAfterPlanChange(queryClient);
    },
  });
}
