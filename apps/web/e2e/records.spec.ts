import { closeToasts, expect, test } from './fixtures';
import { register, signedIn } from './members';

/** One transparent pixel: a map tile as far as the browser is concerned. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test('a member keeps a place from the map and a person met there, offers a walk another member reads in Spanish, and deletes it behind the question', async ({
  browser,
  request,
  server,
}) => {
  const maya = await register(request, 'maya', 'Maya', 'en');
  const lucia = await register(request, 'lucia', 'Lucía', 'es');
  const host = await signedIn(browser, server.url, maya);
  // Tiles come from the internet, which this test has not: a tile server stands in for it, so
  // the page's own policy is what decides whether they show.
  await host.context.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ contentType: 'image/png', body: Buffer.from(PNG, 'base64') }),
  );
  const reader = await signedIn(browser, server.url, lucia);
  await reader.context.addInitScript(() => {
    localStorage.setItem('uiLanguage', 'es');
  });
  try {
    const page = host.page;

    // A place: the empty list says so; the point is picked on the map, the city from the list.
    await page.goto('/place');
    await expect(page.getByText('no places found')).toBeVisible();
    await page.getByRole('link', { name: 'Add place' }).first().click();
    await page.getByLabel('Name of the place').fill('Café A Brasileira');
    await page.getByLabel('Kind of place').selectOption('food');
    await page.getByRole('combobox', { name: 'City' }).fill('Lisbo');
    await page.getByRole('option', { name: 'Lisbon, Lisboa, Portugal' }).click();
    const map = page.getByRole('region', { name: 'Map of Café A Brasileira' });
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeAttached();
    await expect(page.getByText(/Map tiles could not be loaded/)).toHaveCount(0);
    await map.click({ position: { x: 200, y: 60 } });
    await expect(page.getByLabel('Coordinates')).toHaveValue(/^-?\d+\.\d+, -?\d+\.\d+$/);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Café A Brasileira added.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Café A Brasileira' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Meet people in Lisbon' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Plan a trip here' })).toBeVisible();
    await closeToasts(page);

    // A person met there, with the place chosen from mine.
    await page.goto('/person');
    await expect(page.getByText('no people found')).toBeVisible();
    await page.getByRole('link', { name: 'Add person' }).first().click();
    await page.getByLabel('Their name').fill('João');
    await page.getByLabel('One of my places').selectOption({ label: 'Café A Brasileira' });
    await page.getByLabel('When we met').fill('2026-10-02');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'João' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Café A Brasileira' })).toBeVisible();
    await closeToasts(page);

    // A thing offered: a bad price is refused next to its field, then a walk at 25 euros a person.
    await page.goto('/thing');
    await expect(page.getByText('no items found')).toBeVisible();
    await page.getByRole('link', { name: 'Add item' }).first().click();
    await page.getByLabel('What it is called').fill('Walk through Alfama');
    await page.getByLabel('Description', { exact: true }).fill('A walk through the old town with a local guide.');
    await page.getByLabel('Price').fill('twenty');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByLabel('Unit').selectOption('person');
    await page.getByRole('radio', { name: /Offered/ }).check();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText(/Enter a price such as/)).toBeVisible();
    await page.getByLabel('Price').fill('25');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Walk through Alfama' })).toBeVisible();
    await expect(page.getByText('€25.00')).toBeVisible();
    await closeToasts(page);

    // Lucía reads the offer on Maya's profile: in Spanish, the price as Spanish writes money.
    await reader.page.goto(`/connect/${String(maya.loginResponse.userId)}`);
    const offers = reader.page.getByRole('region', { name: 'Lo que ofrece Maya' });
    await expect(offers.getByRole('heading', { name: 'Walk through Alfama' })).toBeVisible();
    await expect(offers.getByText(/25,00\s€/)).toBeVisible();
    await expect(offers.getByText('por persona')).toBeVisible();
    await expect(offers.getByText(/Un paseo a través de la ciudad vieja/)).toBeVisible();

    // Maya deletes it behind the spec's question; it leaves her profile too.
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(dialog.getByText('Are you sure you want to delete the item?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Walk through Alfama deleted.')).toBeVisible();
    await expect(page.getByText('no items found')).toBeVisible();
    await reader.page.reload();
    await expect(reader.page.getByRole('heading', { name: 'Maya' })).toBeVisible();
    await expect(reader.page.getByRole('region', { name: 'Lo que ofrece Maya' })).toHaveCount(0);

    // The toast's Undo brings it back (a new copy), offered again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Walk through Alfama is back.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Walk through Alfama/ })).toBeVisible();
  } finally {
    await host.context.close();
    await reader.context.close();
  }
});
