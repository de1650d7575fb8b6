/**
 * Sends the browser to Stripe's or PayPal's own page: a whole page load, not a route of this app
 * (it comes back to /pay/{id}?return=1 or ?cancel=1). Its own module, so tests can see where it went.
 */
export function goToProvider(url: string): void {
  window.location.assign(url);
}
