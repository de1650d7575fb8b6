import type { Page } from '@playwright/test';
import { distanceKm, PLACE_NEAR_CITY_KM, type LatLon } from '@tolk/shared/geo';
import type { Place } from '@tolk/shared/schemas/places';
import { expect, test } from './fixtures';
import { register, signedIn } from './members';

/** One transparent pixel: a map tile as far as the browser is concerned. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** Madrid's centre in the bundled list (GeoNames 3117735). */
const MADRID: LatLon = { lat: 40.4165, lon: -3.70256 };

/** The point the Coordinates field holds ("40.41650, -3.70256"). */
async function pointOf(page: Page): Promise<LatLon> {
  const [lat, lon] = (await page.getByLabel('Coordinates').inputValue()).split(',').map(Number);
  return { lat: lat ?? NaN, lon: lon ?? NaN };
}

test('choosing a city brings it into view; a point far from it is asked about before saving, and the place saved is in the city', async ({
  browser,
  request,
  server,
}) => {
  const ana = await register(request, 'ana', 'Ana', 'en');
  const { context, page } = await signedIn(browser, server.url, ana);
  // Tiles come from the internet, which this test has not: a tile server stands in for it. Which
  // tiles the map asks for says where it looks, and at what zoom.
  await context.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ contentType: 'image/png', body: Buffer.from(PNG, 'base64') }),
  );
  try {
    await page.goto('/place/add');
    await page.getByLabel('Name of the place').fill('Café Huertas');
    const map = page.getByRole('region', { name: 'Map of Café Huertas' });
    // The whole world until a city is chosen.
    await expect(map.locator('img.leaflet-tile[src*="/1/"]').first()).toBeAttached();

    // Choosing Madrid centres the map on it, at a city's scale: its tile at zoom 11 is asked for,
    // and a tap in the middle of the map is in Madrid.
    await page.getByRole('combobox', { name: 'City' }).fill('Madrid');
    await page.getByRole('option', { name: 'Madrid, Community of Madrid, Spain', exact: true }).click();
    await expect(map.locator('img.leaflet-tile[src$="/11/1002/772.png"]')).toBeAttached();
    await map.click();
    await expect(page.getByLabel('Coordinates')).toHaveValue(/^40\.\d+, -3\.\d+$/);
    expect(distanceKm(await pointOf(page), MADRID)).toBeLessThan(5);
    await expect(page.getByText(/^This point is .* from Madrid/)).toHaveCount(0);

    // Zoomed out to the country, a tap at the map's edge lands hundreds of kilometres away: said
    // under the map, and asked about before saving; going back to the map saves nothing.
    const zoomOut = map.getByRole('button', { name: 'Zoom out' });
    // One step at a time, as a person would: Leaflet drops a zoom asked for while it animates one.
    for (let zoom = 10; zoom >= 5; zoom--) {
      await zoomOut.click();
      await expect(map.locator(`img.leaflet-tile[src*=".org/${zoom}/"]`).first()).toBeAttached();
      await expect(map.locator('.leaflet-zoom-anim')).toHaveCount(0);
    }
    await expect(map.locator('img.leaflet-tile[src$="/5/15/12.png"]')).toBeAttached();
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    await map.click({ position: { x: box.width - 20, y: 20 } });
    const far = await pointOf(page);
    expect(distanceKm(far, MADRID)).toBeGreaterThan(PLACE_NEAR_CITY_KM);
    await expect(page.getByText(/^This point is [\d,]+ km from Madrid, Spain\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Save this point so far from Madrid?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText(/The point on the map is [\d,]+ km from Madrid, Spain, more than 50 km/);
    await question.getByRole('button', { name: 'Move the point' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/place\/add$/);

    // A tap in the middle (still Madrid) is near enough: saved without a question.
    await map.click();
    await expect(page.getByText(/^This point is .* from Madrid/)).toHaveCount(0);
    expect(distanceKm(await pointOf(page), MADRID)).toBeLessThan(PLACE_NEAR_CITY_KM);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByText('Café Huertas added.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Café Huertas' })).toBeVisible();
    await expect(question).toHaveCount(0);

    // What was saved: in Madrid, with Madrid as its city.
    const id = /\/place\/([^/?#]+)$/.exec(page.url())?.[1];
    const res = await request.get(`/api/places/${id}`, {
      headers: { Authorization: `Bearer ${ana.loginResponse.token}` },
    });
    expect(res.status(), await res.text()).toBe(200);
    const place = (await res.json()) as Place;
    expect(place.city).toMatchObject({ id: 3117735, name: 'Madrid', region: 'Community of Madrid', country: 'ES' });
    expect(place.lat).not.toBeNull();
    expect(distanceKm({ lat: place.lat ?? NaN, lon: place.lon ?? NaN }, MADRID)).toBeLessThan(PLACE_NEAR_CITY_KM);
  } finally {
    await context.close();
  }
});

test('a point far from its city may still be saved, once the member says so', async ({ browser, request, server }) => {
  const ben = await register(request, 'ben', 'Ben', 'en');
  const { context, page } = await signedIn(browser, server.url, ben);
  await context.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ contentType: 'image/png', body: Buffer.from(PNG, 'base64') }),
  );
  try {
    await page.goto('/place/add');
    await page.getByLabel('Name of the place').fill('Lake house');
    await page.getByRole('combobox', { name: 'City' }).fill('Madrid');
    await page.getByRole('option', { name: 'Madrid, Community of Madrid, Spain', exact: true }).click();
    // Typed rather than tapped: Toledo, some 67 km away.
    await page.getByLabel('Coordinates').fill('39.85810, -4.02263');
    await expect(page.getByText(/^This point is 6\d km from Madrid, Spain\.$/)).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Save this point so far from Madrid?' });
    await question.getByRole('button', { name: 'Save it there' }).click();
    await expect(page.getByText('Lake house added.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lake house' })).toBeVisible();
  } finally {
    await context.close();
  }
});
