import type { SubscriptionBenefits } from '@tolk/shared/schemas/subscriptions';
import type { Config } from '../../config';
import { PLAZA_MEMBER_FACTOR } from '@tolk/shared/limits';

/** What a subscription gives, from the limits the server runs with: /sub shows exactly these. */
export function subscriptionBenefits(
  config: Pick<Config, 'limits'>,
  /** The premium engines' names (TRANSLATION_PREMIUM_ENGINES), in order. */
  premiumEngines: string[],
): SubscriptionBenefits {
  const { limits } = config;
  const times = (member: number) => ({ member, subscriber: member * limits.subscriberFactor });
  return {
    limits: [
      { key: 'connectRequestsPerDay', ...times(limits.connectRequestsPerDay) },
      { key: 'plazasPerHour', ...times(limits.plazasPerHour * PLAZA_MEMBER_FACTOR) },
      { key: 'photoUploadsPerDay', ...times(limits.photoUploadsPerDay) },
    ],
    premiumEngines,
  };
}
