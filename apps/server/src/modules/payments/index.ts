/** The payments module's public face: Paying orders and subscriptions through the sandbox, Stripe and PayPal. Other modules import only this file. */
export { paymentsPlugin } from './payments.plugin';
export type { RedirectProvider } from './providers/provider';
