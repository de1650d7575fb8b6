import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const screenshots = path.resolve(here, '../../../test-results/screens');
const es = JSON.parse(fs.readFileSync(path.resolve(here, '../src/locales/es.json'), 'utf8')) as {
  interpreter: Record<string, string>;
  cookies: Record<string, string>;
};
const PHONE = { width: 390, height: 844 };
// The first sentence through an Apertium pair starts its process: allow for that once.
const TRANSLATED = { timeout: 30_000 };

const half = (page: Page, side: 'user' | 'audience') => page.locator(`.plaza-half[data-side="${side}"]`);
const museWith = (scope: Page | Locator, text: string | RegExp) =>
  scope.getByRole('log').locator('.plaza-muse').filter({ hasText: text });

async function say(page: Page, side: 'user' | 'audience', text: string) {
  const composer = half(page, side);
  await composer.getByRole('textbox').fill(text);
  await composer.getByRole('button', { name: /^(Send|Enviar)$/ }).click();
}

/** A small real PNG drawn by the browser, so the server's image pipeline gets a genuine photo. */
async function aPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#0f766e';
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#f59e0b';
    context.fillRect(16, 12, 32, 24);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

test.beforeAll(() => {
  fs.mkdirSync(screenshots, { recursive: true });
});

test('a guest interprets face to face, then a Spanish speaker joins on a second phone', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // A guest opens the ready English–Español pair.
  await page.goto('/interpret');
  // Out of the way as a visitor would put it: the banner sits over the bottom input.
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('button', { name: 'Open: English – Español' }).click();
  await expect(page).toHaveURL(/\/interpret\/[0-9a-f-]{36}$/);
  const plazaUrl = page.url();
  await expect(
    page.getByText('As a guest, this conversation and everything in it expires in 12 hours.', { exact: true }),
  ).toBeVisible();
  const tokens = await page.evaluate(
    () => JSON.parse(localStorage.getItem('tolk.plazaTokens') ?? '{}') as Record<string, string>,
  );
  expect(Object.keys(tokens)).toEqual([plazaUrl.split('/').pop()]);

  // The user speaks English; the audience reads Spanish.
  await say(page, 'user', 'Good morning, my friend');
  const first = museWith(page, 'Good morning, my friend');
  const firstSpanish = first.locator('[data-kind="translation"] .plaza-text');
  await expect(firstSpanish).toHaveText(/amigo/i, TRANSLATED);
  await expect(firstSpanish).toHaveAttribute('lang', 'es');

  // Copy buttons, with the spec's toasts.
  await first.getByRole('button', { name: 'Copy comment' }).click();
  await expect(page.getByText('User Comment copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Good morning, my friend');
  await first.getByRole('button', { name: 'Copy translation' }).click();
  await expect(page.getByText('User Translated Comment copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/amigo/i);

  // The host types for the audience on the same phone.
  await say(page, 'audience', 'Muchas gracias');
  const reply = museWith(page, 'Muchas gracias');
  await expect(reply.locator('[data-kind="translation"] .plaza-text')).toHaveText(/thank you/i, TRANSLATED);
  await reply.getByRole('button', { name: 'Copy comment' }).click();
  await expect(page.getByText('Audience Comment copied to clipboard!')).toBeVisible();
  await reply.getByRole('button', { name: 'Copy translation' }).click();
  await expect(page.getByText('Audience Translated Comment copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/thank you/i);

  // A photo: uploaded with the guest's token, shown, and copied to the clipboard as PNG.
  await half(page, 'user')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'market.png',
      mimeType: 'image/png',
      buffer: await aPng(page),
    });
  await say(page, 'user', 'Look at this');
  const withPhoto = museWith(page, 'Look at this');
  await expect(withPhoto.locator('img.plaza-photo')).toHaveJSProperty('complete', true);
  await expect
    .poll(() => withPhoto.locator('img.plaza-photo').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await withPhoto.getByRole('button', { name: 'Copy photo' }).click();
  await expect(page.getByText('User Photo copied to clipboard!')).toBeVisible();
  expect(
    await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((item) => [...item.types])),
  ).toContain('image/png');

  // The audience's half has its own photo input, and its photo its own toast.
  await half(page, 'audience')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'menu.png', mimeType: 'image/png', buffer: await aPng(page) });
  await say(page, 'audience', 'Mira esto');
  const audiencePhoto = museWith(page, 'Mira esto');
  await expect(audiencePhoto).toHaveAttribute('data-side', 'audience');
  await expect
    .poll(() => audiencePhoto.locator('img.plaza-photo').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await audiencePhoto.getByRole('button', { name: 'Copy photo' }).click();
  await expect(page.getByText('Audience Photo copied to clipboard!')).toBeVisible();
  expect(
    await page.evaluate(async () => (await navigator.clipboard.read()).flatMap((item) => [...item.types])),
  ).toContain('image/png');

  // Before sending, as the draft is typed: what the audience will read, and that translated back.
  await half(page, 'user').getByRole('textbox').fill('I need a taxi');
  const preview = half(page, 'user').getByRole('region', { name: 'What they will read' });
  await expect(preview.locator('li p[lang="es"]')).toHaveText(/taxi/i, TRANSLATED);
  await expect(preview.getByText('Back in your language, from the Spanish version:')).toBeVisible();
  await expect(preview.locator('.draft-preview-back p[lang="en"]')).toHaveText(/taxi/i);
  await half(page, 'user').getByRole('textbox').fill('');
  await expect(preview).toHaveCount(0);

  // Face to face: the audience's half turns upside down, and the choice is remembered.
  await page.getByRole('button', { name: 'Face to face' }).click();
  await expect(page.locator('.plaza')).toHaveAttribute('data-layout', 'face-to-face');
  const audienceHalf = half(page, 'audience');
  await expect(audienceHalf).toHaveAttribute('data-position', 'top');
  expect(await audienceHalf.evaluate((element) => getComputedStyle(element).transform)).toBe(
    'matrix(-1, 0, 0, -1, 0, 0)',
  );
  expect(await half(page, 'user').evaluate((element) => getComputedStyle(element).transform)).toBe('none');
  // Each half reads the whole conversation, in its own language.
  await expect(museWith(audienceHalf, 'Good morning, my friend').locator('[data-kind="translation"]')).toBeVisible();
  await page.screenshot({ path: path.join(screenshots, 'plaza-face-to-face.png') });
  // On a small phone (375 × 667 class) both people still see several muses: the halves share the
  // height equally, and each log keeps at least a quarter of the screen.
  await page.setViewportSize({ width: 390, height: 667 });
  const logHeights = await page
    .locator('.plaza-half .plaza-log')
    .evaluateAll((logs) => logs.map((log) => log.getBoundingClientRect().height));
  expect(logHeights).toHaveLength(2);
  for (const height of logHeights) expect(height).toBeGreaterThanOrEqual(667 / 4 - 10);
  expect(Math.abs((logHeights[0] ?? 0) - (logHeights[1] ?? 0))).toBeLessThanOrEqual(2);
  await page.setViewportSize(PHONE);

  // Swapping the sides: the user and the audience trade places, languages and words with them.
  await page.getByRole('button', { name: 'Swap sides' }).click();
  await expect(half(page, 'user')).toHaveAttribute('aria-label', 'Me · Español');
  await expect(half(page, 'audience')).toHaveAttribute('aria-label', 'My audience · English');
  await expect(museWith(half(page, 'audience'), 'Good morning, my friend')).toHaveAttribute('data-side', 'audience');
  await expect(museWith(half(page, 'user'), 'Muchas gracias')).toHaveAttribute('data-side', 'user');
  await expect(half(page, 'user').getByRole('textbox')).toHaveAttribute('lang', 'es');
  await page.screenshot({ path: path.join(screenshots, 'plaza-swapped.png') });
  await page.getByRole('button', { name: 'Swap sides' }).click();
  await expect(half(page, 'user')).toHaveAttribute('aria-label', 'Me · English');
  await expect(museWith(half(page, 'user'), 'Good morning, my friend')).toHaveAttribute('data-side', 'user');
  await page.reload();
  await expect(page.locator('.plaza')).toHaveAttribute('data-layout', 'face-to-face');
  await page.getByRole('button', { name: 'Normal layout' }).click();
  await expect(page.locator('.plaza')).toHaveAttribute('data-layout', 'normal');
  expect(await half(page, 'audience').evaluate((element) => getComputedStyle(element).transform)).toBe('none');

  // Invite a second device: a readable code, a link to copy and a QR code.
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone to this conversation' });
  await expect(dialog).toBeVisible();
  const codeText = dialog.locator('.invite-code-value');
  await expect(codeText).toHaveText(/^[A-Z0-9]{6}$/);
  const code = (await codeText.textContent()) ?? '';
  await expect(dialog.getByLabel('Link')).toHaveValue(`${baseURL ?? ''}/interpret/join?code=${code}`);
  await expect(dialog.locator('img.invite-qr')).toBeVisible();
  await expect(dialog.getByText('Waiting for the other person to join…')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL ?? ''}/interpret/join?code=${code}`,
  );
  await page.screenshot({ path: path.join(screenshots, 'invite-dialog.png') });

  // The second phone, in Spanish, joins by the code.
  const guestContext = await browser.newContext({ baseURL, viewport: PHONE, locale: 'es-ES' });
  const guest = await guestContext.newPage();
  await guest.goto(`/interpret/join?code=${code}`);
  await guest.getByRole('button', { name: es.cookies.accept }).click();
  await expect(guest.getByLabel(es.interpreter.enterCode ?? '')).toHaveValue(code);
  await expect(guest.getByLabel(es.interpreter.pickLanguage ?? '')).toHaveValue('es');
  await guest.getByLabel(es.interpreter.yourName ?? '').fill('Lucía');
  await guest.getByRole('button', { name: es.interpreter.joinButton }).click();
  await expect(guest).toHaveURL(plazaUrl);

  // The host hears about it, and the invite dialog makes way for the conversation.
  await expect(page.getByText('The other person has joined.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The joined phone reads the conversation from the audience's side, in Spanish.
  await expect(guest.locator('.plaza')).toHaveAttribute('data-side', 'audience');
  await expect(half(guest, 'audience')).toHaveAttribute('data-position', 'bottom');
  await expect(half(guest, 'user').getByRole('textbox')).toHaveCount(0);
  await expect(museWith(guest, 'Good morning, my friend').locator('[data-kind="translation"] .plaza-text')).toHaveText(
    /amigo/i,
  );

  // Each side sees the other's words in its own language, live.
  await say(guest, 'audience', 'El tren llega tarde');
  await expect(museWith(page, 'El tren llega tarde').locator('[data-kind="translation"] .plaza-text')).toHaveText(
    /train arrives late/i,
    TRANSLATED,
  );
  await say(page, 'user', 'Where is the hotel?');
  // Apertium's eng-spa, word for word, with the opening ¿ the output polish adds: the Spanish itself,
  // not the English passed through.
  await expect(museWith(guest, 'Where is the hotel?').locator('[data-kind="translation"] .plaza-text')).toHaveText(
    '¿Dónde es el hotel?',
    TRANSLATED,
  );
  await guest.screenshot({ path: path.join(screenshots, 'joined-device.png') });
  // A joined phone cannot have its side changed under it.
  await expect(page.getByRole('button', { name: 'Swap sides' })).toBeDisabled();

  // The host clears the conversation for both, after a confirmation.
  await page.getByRole('button', { name: 'Clear conversation' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('Are you sure you want to delete the item?');
  await expect(confirm).toContainText(
    /Everything written in “.+” is deleted, with its translations, for everyone in it\./,
  );
  await confirm.getByRole('button', { name: 'Clear conversation' }).click();
  await expect(page.getByText('Say something to start.')).toBeVisible();
  await expect(guest.getByText(es.interpreter.cleared ?? '')).toBeVisible();
  await expect(guest.locator('.plaza-muse')).toHaveCount(0);

  // Ending the invite sends the joined phone away with a clear message; the host carries on.
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await dialog.getByRole('button', { name: 'End conversation for guests' }).click();
  await expect(page.getByText('The join code has ended.')).toBeVisible();
  await expect(guest.getByRole('heading', { name: es.interpreter.codeEnded })).toBeVisible();
  await say(page, 'user', 'Still here');
  await expect(museWith(page, 'Still here')).toBeVisible();
  // Coming back later, the removed guest still hears that the host ended it.
  await guest.reload();
  await expect(guest.getByRole('heading', { name: es.interpreter.codeEnded })).toBeVisible();
  await guestContext.close();

  // The pair reopens its plaza; a new conversation is a choice of its own.
  await page.goto('/interpret');
  await page.getByRole('button', { name: 'Open: English – Español' }).click();
  await expect(page).toHaveURL(plazaUrl);
  await expect(museWith(page, 'Still here')).toBeVisible();
  await page.goto('/interpret');
  await page.getByRole('button', { name: 'New conversation: English – Español' }).click();
  await expect(page).toHaveURL(/\/interpret\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toBe(plazaUrl);
  await expect(page.getByText('Say something to start.')).toBeVisible();
});

test('a guest meets someone whose language they do not know: the plaza detects it from what they write', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/interpret');
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByRole('button', { name: 'New pair' }).click();
  await page.getByLabel('My language').selectOption('en');
  await page.getByLabel('Their language').selectOption({ label: 'Detect from what they write' });
  await page.getByLabel('Name').fill('Museum desk');
  await page.getByRole('button', { name: 'Add pair' }).click();
  await page.getByRole('button', { name: 'Open: Museum desk' }).click();
  await expect(page).toHaveURL(/\/interpret\/[0-9a-f-]{36}$/);

  // Their half takes any language; nothing is translated into a language nobody named.
  await expect(half(page, 'audience')).toContainText('Detect language');
  await expect(half(page, 'audience').getByRole('textbox')).toHaveAttribute('placeholder', 'Type in any language…');
  await say(page, 'user', 'Welcome to the museum. Where are you from?');
  const welcome = museWith(page, 'Welcome to the museum');
  await expect(welcome.first()).toContainText('Translated as soon as they write in their language.');

  await say(page, 'audience', 'Soy de Valencia, en España. ¿Dónde está la estación de tren?');
  // Their half now names Spanish, and the host's earlier words are there in Spanish.
  await expect(half(page, 'audience')).toContainText('Español', TRANSLATED);
  await expect(museWith(page, 'Welcome to the museum').first()).toContainText(/museo/i, TRANSLATED);
  await expect(museWith(page, 'Valencia').first()).toContainText(/train station|station/i, TRANSLATED);
});

test('a wrong join code is refused in words', async ({ page }) => {
  await page.goto('/interpret/join?code=ZZZZZZ');
  await page.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByRole('alert')).toHaveText('This code is not valid.');
});

test('a guest keeps their own pairs in the browser', async ({ page }) => {
  await page.goto('/interpret');
  await page.getByRole('button', { name: 'New pair' }).click();
  await page.getByLabel('My language').selectOption('fr');
  await page.getByLabel('Their language').selectOption('it');
  await page.getByLabel('Name').fill('Marché');
  await page.getByRole('button', { name: 'Add pair' }).click();
  await expect(page.getByRole('heading', { name: 'Marché' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Marché' })).toBeVisible();
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('tolk.interpreterProfiles') ?? '[]') as unknown,
  );
  expect(stored).toMatchObject([{ name: 'Marché', userLanguage: 'fr', audienceLanguage: 'it' }]);

  await page.getByRole('button', { name: 'Delete: Marché' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('The language pair “Marché” is deleted.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Marché' })).toHaveCount(0);
});

test('a member keeps pairs on the server, renames and deletes them, and keeps the plaza', async ({ page }) => {
  const username = `interpreter-${Date.now().toString(36)}`;
  await page.goto('/register');
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(`Harbour-${Date.now().toString(36)}-pw`);
  await page.getByLabel('Display name').fill('Camille');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto('/interpret');
  const mine = page.getByRole('region', { name: 'Your language pairs' });
  await expect(mine.getByText('no items found')).toBeVisible();
  await expect(mine.getByText(/Add the two languages you interpret between/)).toBeVisible();
  await expect(page.getByText('Saved in this browser.', { exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: 'New pair' }).click();
  await page.getByLabel('My language').selectOption('en');
  await page.getByLabel('Their language').selectOption('fr');
  await page.getByLabel('Name').fill('Paris trip');
  await page.getByRole('button', { name: 'Add pair' }).click();
  await expect(mine.getByRole('heading', { name: 'Paris trip' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tolk.interpreterProfiles'))).toBeNull();

  await page.reload();
  await mine.getByRole('button', { name: 'Rename: Paris trip' }).click();
  await mine.getByLabel('Name').fill('Lyon trip');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine.getByRole('heading', { name: 'Lyon trip' })).toBeVisible();

  // A member's plaza is kept, and needs no guest token.
  await mine.getByRole('button', { name: 'Open: Lyon trip' }).click();
  await expect(page).toHaveURL(/\/interpret\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Kept in your message history.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tolk.plazaTokens'))).toBeNull();
  await say(page, 'user', 'Good morning');
  // English to French goes through Spanish (eng-spa, then es-fr).
  await expect(museWith(page, 'Good morning').locator('[data-kind="translation"] .plaza-text')).toHaveText(
    'Bonjour',
    TRANSLATED,
  );
  const memberPlaza = page.url();

  // Opening the pair again goes back to the same kept plaza.
  await page.goto('/interpret');
  await mine.getByRole('button', { name: 'Open: Lyon trip' }).click();
  await expect(page).toHaveURL(memberPlaza);
  await expect(museWith(page, 'Good morning')).toBeVisible();

  await page.goto('/interpret');
  await mine.getByRole('button', { name: 'Delete: Lyon trip' }).click();
  await page.getByRole('alertdialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(mine.getByText('no items found')).toBeVisible();
});
