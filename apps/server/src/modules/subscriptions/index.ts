/** The subscriptions module's public face: Plans and members' subscriptions (`app.subscriptions`), what a subscription gives. Other modules import only this file. */
export { subscriptionsPlugin } from './subscriptions.plugin';
export type { SubscriptionBilling } from './subscriptions.plugin';
export { subscriptionBenefits } from './benefits';
export { periodEnd } from './subscriptions.service';
export type { SubscriptionWithPlan, SubscriptionRecords } from './subscriptions.service';
