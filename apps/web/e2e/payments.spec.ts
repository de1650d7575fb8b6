import type { APIRequestContext, Page } from '@playwright/test';
import { closeToasts, expect, test } from './fixtures';
import { register, signedIn, socketUp, type Member } from './members';

const bearer = (member: Member) => ({ Authorization: `Bearer ${member.loginResponse.token}` });

/** The seller offers a city walk, 25 euros a person, through the API as her things form would. */
async function offerWalk(request: APIRequestContext, seller: Member): Promise<string> {
  const res = await request.post('/api/things', {
    headers: bearer(seller),
    data: {
      name: 'Paseo por Lavapiés',
      description: 'Dos horas por el barrio con una guía local.',
      descriptionLanguage: 'es',
      priceMinor: 2500,
      currency: 'EUR',
      unit: 'person',
      availability: 'available',
      visibility: 'offered',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Tomorrow at ten in the browser's own time zone, as a datetime-local input takes it. */
const tomorrowAtTen = (page: Page) =>
  page.evaluate(() => {
    const date = new Date(Date.now() + 24 * 3600 * 1000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T10:00`;
  });

/** Types a card into the sandbox's form, as a person would, key by key. */
async function typeCard(page: Page, number: string) {
  const field = page.getByLabel('Card number');
  await field.fill('');
  await field.pressSequentially(number);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('CVC').fill('123');
}

test('a member pays an accepted order with the sandbox card: paid on both sides, the seller credited less the fee, the buyer debited', async ({
  browser,
  request,
  server,
}) => {
  const anna = await register(request, 'anna', 'Anna', 'en');
  const lucia = await register(request, 'lucia', 'Lucía', 'es');
  await offerWalk(request, lucia);

  const buyer = await signedIn(browser, server.url, anna);
  const seller = await signedIn(browser, server.url, lucia);
  await seller.context.addInitScript(() => {
    localStorage.setItem('uiLanguage', 'es');
  });
  try {
    const page = buyer.page;
    const annaLive = socketUp(page);

    // Anna orders the walk for two from Lucía's profile.
    await page.goto(`/connect/${String(lucia.loginResponse.userId)}`);
    await page
      .getByRole('region', { name: 'What Lucía offers' })
      .getByRole('link', { name: 'Order Paseo por Lavapiés' })
      .click();
    await page.getByRole('button', { name: 'One more' }).click();
    await page.getByLabel('Date and time').fill(await tomorrowAtTen(page));
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    const orderPath = new URL(page.url()).pathname;
    const orderId = orderPath.split('/').at(-1) ?? '';
    await closeToasts(page);
    await page.evaluate(() => {
      (window as Window & { orderPageMark?: boolean }).orderPageMark = true;
    });

    // Lucía accepts on her page; Anna's page follows without a reload and offers the payment.
    const luciaLive = socketUp(seller.page);
    await seller.page.goto(orderPath);
    await annaLive;
    await seller.page.getByRole('button', { name: 'Aceptar' }).click();
    await expect(seller.page.getByText('Aceptado', { exact: true })).toBeVisible();
    await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { orderPageMark?: boolean }).orderPageMark)).toBe(true);

    // Pay → what is paid and the ways to pay, the sandbox labelled as a test.
    await page.getByRole('link', { name: 'Pay €50.00' }).click();
    await expect(page).toHaveURL(new RegExp(`/select-payment/${orderId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose how to pay' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Paseo por Lavapiés × 2' })).toBeVisible();
    await expect(page.getByText('€50.00', { exact: true })).toBeVisible();
    const sandbox = page.getByRole('button', { name: /Test card \(sandbox\)/ });
    await expect(sandbox).toContainText('Test mode: no real money moves');
    await sandbox.click();

    // The card form: a test banner, the test cards, the number grouped as it is typed.
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('note')).toContainText('This is a test form: no real money moves.');
    await expect(page.getByRole('region', { name: 'Test cards' })).toContainText('4000 0000 0000 0002');
    const number = page.getByLabel('Card number');
    await expect(number).toHaveAttribute('inputmode', 'numeric');
    await expect(number).toHaveAttribute('autocomplete', 'cc-number');
    await typeCard(page, '4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay €50.00' }).click();

    // Paid, with the amount and the way back to the order.
    await expect(page.getByRole('heading', { level: 2, name: 'Paid' })).toBeVisible();
    await expect(page.getByText('You paid €50.00 with Test card (sandbox). Thank you!')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the order' }).click();
    await expect(page).toHaveURL(new RegExp(`${orderPath}$`));
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pay/ })).toHaveCount(0);

    // Lucía's page, open all along, says paid.
    await luciaLive;
    await expect(seller.page.getByText('Pagado', { exact: true })).toBeVisible();

    // Her account: the total less the 10 % platform fee, in her language's format.
    await seller.page.goto('/account/page');
    await expect(seller.page.getByRole('region', { name: 'Saldos' })).toContainText('45,00 €');
    const luciaLatest = seller.page.getByRole('region', { name: 'Últimos movimientos' }).getByRole('listitem');
    await expect(luciaLatest.filter({ hasText: 'Anna' })).toContainText('+50,00 €');
    await expect(luciaLatest.filter({ hasText: 'Comisiones de Tolk' })).toContainText('\u22125,00 €');

    // Anna's account: the payment to Lucía, out.
    await page.goto('/account/page');
    const annaLatest = page.getByRole('region', { name: 'Latest transactions' }).getByRole('listitem');
    await expect(annaLatest.filter({ hasText: 'Lucía' })).toContainText('\u2212€50.00');
  } finally {
    await buyer.context.close();
    await seller.context.close();
  }
});

test('a declined card leaves the order unpaid; another card then pays it', async ({ browser, request, server }) => {
  const anna = await register(request, 'anna', 'Anna', 'en');
  const lucia = await register(request, 'lucia', 'Lucía', 'es');
  const thingId = await offerWalk(request, lucia);

  // Anna orders one place for tomorrow and Lucía accepts, both through the API as their screens would.
  const ordered = await request.post('/api/orders', {
    headers: bearer(anna),
    data: { thingId, quantity: 1, serviceAt: new Date(Date.now() + 86_400_000).toISOString(), note: '' },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const order = (await ordered.json()) as { id: string; version: number };
  const accepted = await request.post(`/api/orders/${order.id}/accept`, {
    headers: bearer(lucia),
    data: { version: order.version },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  const buyer = await signedIn(browser, server.url, anna);
  try {
    const page = buyer.page;
    await page.goto(`/select-payment/${order.id}`);
    await expect(page.getByText('€25.00', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: /Test card \(sandbox\)/ }).click();
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    const firstPayment = page.url();

    // A real card's number is refused next to its field, before anything is sent.
    await typeCard(page, '4111111111111111');
    await page.getByRole('button', { name: 'Pay €25.00' }).click();
    await expect(page.getByText('Use a test card, such as 4242 4242 4242 4242.')).toBeVisible();

    // The declined test card: refused in words, nothing charged.
    await typeCard(page, '4000000000000002');
    await expect(page.getByText('Use a test card, such as 4242 4242 4242 4242.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay €25.00' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Payment failed' })).toBeVisible();
    await expect(page.getByText('The card was declined. Nothing was charged.')).toBeVisible();

    // The order is still accepted, and still offers the payment.
    await page.getByRole('link', { name: 'Back to the order' }).click();
    await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
    await page.goBack();

    // Another card: a new payment, paid.
    await page.getByRole('button', { name: 'Try another card' }).click();
    // A new payment: wait for the address to move on from the declined one.
    await expect(page).not.toHaveURL(firstPayment);
    await expect(page).toHaveURL(/\/pay\/[0-9a-f-]{36}$/);
    await typeCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay €25.00' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Paid' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the order' }).click();
    await expect(page.getByText('Paid', { exact: true })).toBeVisible();

    // The paid order has nothing left to pay.
    await page.goto(`/select-payment/${order.id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Already paid' })).toBeVisible();
    await expect(page.getByText('This order is paid already.')).toBeVisible();
  } finally {
    await buyer.context.close();
  }
});
