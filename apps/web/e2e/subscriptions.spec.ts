import type { Page } from '@playwright/test';
import type { SubscriptionOverview } from '@tolk/shared/schemas/subscriptions';
import { closeToasts, expect, test } from './fixtures';
import { register, signedIn, superadmin, type Member } from './members';

/** The member's /sub as the API answers it, with their own token. */
async function overviewOf(page: Page, member: Member): Promise<SubscriptionOverview> {
  const res = await page.request.get('/api/subscriptions/me', {
    headers: { Authorization: `Bearer ${member.loginResponse.token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as SubscriptionOverview;
}

test('a superadmin offers Tolk Plus at 4.99 EUR a month; a member subscribes, pays on the sandbox, sees it renew, cancels and keeps it until its period ends', async ({
  browser,
  request,
  server,
}) => {
  const admin = await signedIn(browser, server.url, await superadmin(request));
  const ines = await register(request, 'ines', 'Inês', 'en');
  const member = await signedIn(browser, server.url, ines);
  const guest = await browser.newContext({ baseURL: server.url, viewport: { width: 320, height: 740 } });
  try {
    // The superadmin adds the plan in the Plans tab; a price that is not one is said next to it.
    const page = admin.page;
    await page.goto('/sub');
    await page.getByRole('tab', { name: 'Plans' }).click();
    await expect(page).toHaveURL(/\/sub\?tab=plans$/);
    await page.getByRole('button', { name: 'Add plan' }).click();
    const form = page.getByRole('form', { name: 'New plan' });
    await form.getByLabel('Name').fill('Tolk Plus');
    await form.getByLabel('Description').fill('More room to meet people, every month.');
    await form.getByLabel('Price 1', { exact: true }).fill('4.999');
    await form.getByLabel('Currency 1', { exact: true }).fill('EUR');
    await form.getByRole('button', { name: 'Add a feature' }).click();
    await form.getByLabel('Feature 1', { exact: true }).fill('More connect requests');
    await form.getByRole('button', { name: 'Add a feature' }).click();
    await form.getByLabel('Feature 2', { exact: true }).fill('Premium translation');
    await form.getByRole('button', { name: 'Add plan' }).click();
    await expect(form.getByText('A price such as 12.50.')).toBeVisible();
    await form.getByLabel('Price 1', { exact: true }).fill('4.99');
    await form.getByRole('button', { name: 'Add plan' }).click();
    await expect(page.getByText('Plan Tolk Plus added.')).toBeVisible();
    const row = page.locator('.plan-admin-row').filter({ hasText: 'Tolk Plus' });
    await expect(row.getByText('Offered')).toBeVisible();
    await expect(row.getByText('Monthly: €4.99')).toBeVisible();
    await expect(row.getByText('0 subscribers')).toBeVisible();
    await closeToasts(page);

    // A guest opening /sub is asked to sign in first.
    const guestPage = await guest.newPage();
    await guestPage.goto('/sub');
    await expect(guestPage.getByRole('heading', { name: 'This feature is for registered members' })).toBeVisible();
    await expect(guestPage.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute(
      'href',
      '/signin?returnTo=%2Fsub',
    );

    // The member sees the plan with its features, and what a subscription gives in the server's own figures.
    const phone = member.page;
    await phone.setViewportSize({ width: 320, height: 740 });
    await phone.goto('/sub');
    await expect(phone.getByRole('heading', { level: 1, name: 'Subscription' })).toBeVisible();
    await expect(phone.getByRole('tab')).toHaveCount(0);
    const card = phone.locator('.plan-card').filter({ hasText: 'Tolk Plus' });
    await expect(card.getByText('€4.99 per month')).toBeVisible();
    await expect(card.getByText('More room to meet people, every month.')).toBeVisible();
    await expect(card.getByText('More connect requests')).toBeVisible();
    await expect(card.getByText('Premium translation')).toBeVisible();
    const { benefits } = await overviewOf(phone, ines);
    expect(benefits.limits.length).toBeGreaterThan(0);
    const table = phone.getByRole('region', { name: 'What a subscription gives' }).getByRole('table');
    const connect = benefits.limits.find((limit) => limit.key === 'connectRequestsPerDay');
    if (connect) {
      await expect(table.getByRole('row', { name: /Connect requests per day/ })).toContainText(
        `${connect.member.toLocaleString('en-US')}${connect.subscriber.toLocaleString('en-US')}`,
      );
    }
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // Subscribe: on to choosing how to pay, for this subscription.
    await card.getByRole('button', { name: 'Subscribe' }).click();
    await expect(phone).toHaveURL(/\/select-payment\/[0-9a-f-]{36}$/);
    const subscriptionId = phone.url().split('/').at(-1)!;
    const incomplete = await overviewOf(phone, ines);
    expect(incomplete.current).toMatchObject({
      id: subscriptionId,
      state: 'incomplete',
      currency: 'EUR',
      amountMinor: 499,
    });

    // Paid on the sandbox with the test card, then back to /sub.
    await expect(phone.getByRole('heading', { level: 1, name: 'Choose how to pay' })).toBeVisible();
    await phone.getByRole('button', { name: /Test card \(sandbox\)/ }).click();
    await expect(phone).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await phone.getByLabel('Card number').pressSequentially('4242424242424242');
    await phone.getByLabel('Expiry date').fill('12/39');
    await phone.getByLabel('CVC').fill('123');
    await phone.getByRole('button', { name: 'Pay €4.99' }).click();
    await expect(phone.getByRole('heading', { level: 2, name: 'Paid' })).toBeVisible();
    await phone.getByRole('link', { name: 'Back to your subscription' }).click();
    await expect(phone).toHaveURL(/\/sub$/);

    // Back on /sub: it runs, and renews at the end of its period.
    const panel = phone.locator('.subscription-panel');
    await expect(panel.getByRole('heading', { level: 2, name: 'Tolk Plus' })).toBeVisible();
    await expect(panel.getByText('Active', { exact: true })).toBeVisible();
    await expect(panel.getByText('€4.99 per month')).toBeVisible();
    await expect(panel.getByText(/^Renews on /)).toBeVisible();
    await expect(panel.getByText('Test mode: paid with test money, nothing was charged.')).toBeVisible();
    const paid = await overviewOf(phone, ines);
    expect(paid.activeSubscriber).toBe(true);
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(
      new Date(paid.current!.currentPeriodEnd!),
    );
    await expect(panel.getByText(`Renews on ${until}`)).toBeVisible();
    // The session's flag follows (spec section 3).
    const stored = await phone.evaluate(() => localStorage.getItem('tolk.loginResponse') ?? '{}');
    expect((JSON.parse(stored) as { isactivesubscriber?: boolean }).isactivesubscriber).toBe(true);

    // Cancelling asks first and says until when they keep it; then it ends then, still active now.
    await panel.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = phone.getByRole('alertdialog', { name: 'Cancel your subscription?' });
    await expect(dialog.getByText(`You keep Tolk Plus until ${until}.`, { exact: false })).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(panel.getByText(`Ends on ${until}`)).toBeVisible();
    await expect(panel.getByText('Active', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
    const cancelled = await overviewOf(phone, ines);
    expect(cancelled.activeSubscriber).toBe(true);
    expect(cancelled.current).toMatchObject({ state: 'active', cancelAtPeriodEnd: true });

    // Their account page says the same.
    await phone.goto('/account/page');
    const section = phone.getByRole('region', { name: 'Subscription' });
    await expect(section.getByText('Tolk Plus')).toBeVisible();
    await expect(section.getByText(`Cancelled: active until ${until}`)).toBeVisible();
  } finally {
    await Promise.all([admin.context.close(), member.context.close(), guest.close()]);
  }
});
