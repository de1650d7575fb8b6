import { closeToasts, expect, test } from './fixtures';
import { register, signedIn, socketUp } from './members';

test('a member orders a walk another offers, the seller reads the order in Spanish and accepts it, and the buyer sees it live with the way to pay', async ({
  browser,
  request,
  server,
}) => {
  const anna = await register(request, 'anna', 'Anna', 'en');
  const lucia = await register(request, 'lucia', 'Lucía', 'es');

  // Lucía offers a city walk, 25 euros a person, through the API as her things form would.
  const offered = await request.post('/api/things', {
    headers: { Authorization: `Bearer ${lucia.loginResponse.token}` },
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
  expect(offered.status(), await offered.text()).toBe(201);

  const buyer = await signedIn(browser, server.url, anna);
  const seller = await signedIn(browser, server.url, lucia);
  await seller.context.addInitScript(() => {
    localStorage.setItem('uiLanguage', 'es');
  });
  try {
    const page = buyer.page;
    const annaLive = socketUp(page);

    // Anna finds the walk on Lucía's profile and orders it for two, tomorrow at ten, with a note.
    await page.goto(`/connect/${String(lucia.loginResponse.userId)}`);
    const offers = page.getByRole('region', { name: 'What Lucía offers' });
    await offers.getByRole('link', { name: 'Order Paseo por Lavapiés' }).click();
    await expect(page).toHaveURL(/\/order\/add\?thing=/);
    await expect(page.getByRole('heading', { level: 2, name: 'Paseo por Lavapiés' })).toBeVisible();
    await expect(page.getByText('per person')).toBeVisible();
    await page.getByRole('button', { name: 'One more' }).click();
    await expect(page.getByLabel('People')).toHaveValue('2');
    await expect(page.locator('output').getByText('€50.00')).toBeVisible();

    // Without a time the service is refused next to its field, before anything is sent.
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Choose a date and time for this service.')).toBeVisible();

    // Tomorrow at ten, in the browser's own time zone (as the input means it).
    const tomorrow = await page.evaluate(() => {
      const date = new Date(Date.now() + 24 * 3600 * 1000);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T10:00`;
    });
    await page.getByLabel('Date and time').fill(tomorrow);
    await page.getByLabel('Note for Lucía').fill('We are two friends and we love old buildings.');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Order sent to Lucía.')).toBeVisible();
    await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Paseo por Lavapiés' })).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByText('Ordered by Anna')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
    const orderPath = new URL(page.url()).pathname;
    const orderId = orderPath.split('/').at(-1) ?? '';
    await closeToasts(page);
    // A mark on this very page: still there at the end means it was never reloaded.
    await page.evaluate(() => {
      (window as Window & { orderPageMark?: boolean }).orderPageMark = true;
    });

    // Lucía finds it among what others ordered from her, in Spanish, the note in her language.
    await seller.page.goto('/orders');
    await seller.page.getByRole('tab', { name: 'Ventas' }).click();
    const row = seller.page.getByRole('link', { name: /Paseo por Lavapiés/ });
    await expect(row.getByText(/Pedido por Anna/)).toBeVisible();
    await expect(row.getByText('Pendiente')).toBeVisible();
    await row.click();
    await expect(seller.page).toHaveURL(new RegExp(`${orderPath}$`));
    await expect(seller.page.getByText('Pendiente', { exact: true })).toBeVisible();
    await expect(seller.page.getByText(/^50,00\s€$/)).toBeVisible();
    await expect(seller.page.getByRole('link', { name: 'Anna' })).toBeVisible();
    const note = seller.page.getByRole('region', { name: 'Nota de Anna' });
    await expect(note).toBeVisible();
    await note.getByRole('button', { name: 'Ver original' }).click();
    await expect(note.getByText('We are two friends and we love old buildings.')).toBeVisible();

    // She accepts; Anna's page, open all along, follows without a reload and offers the payment.
    await annaLive;
    await seller.page.getByRole('button', { name: 'Aceptar' }).click();
    await expect(seller.page.getByText('Pedido aceptado.')).toBeVisible();
    await expect(seller.page.getByText('Aceptado', { exact: true })).toBeVisible();

    await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
    await expect(page.getByText('Accepted by Lucía')).toBeVisible();
    const pay = page.getByRole('link', { name: 'Pay €50.00' });
    await expect(pay).toBeVisible();
    await expect(pay).toHaveAttribute('href', `/select-payment/${orderId}`);
    await expect(page.getByRole('link', { name: 'Change' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as Window & { orderPageMark?: boolean }).orderPageMark)).toBe(true);

    // Her list says so too.
    await page.getByRole('link', { name: 'My orders' }).click();
    await expect(page.getByRole('link', { name: /Paseo por Lavapiés/ }).getByText('Accepted')).toBeVisible();
  } finally {
    await buyer.context.close();
    await seller.context.close();
  }
});
