import { randomBytes } from 'node:crypto';
import { closeToasts, expect, test } from './fixtures';

const username = `traveller-${randomBytes(3).toString('hex')}`;
const firstPassword = `Fjord-${randomBytes(6).toString('hex')}`;
const secondPassword = `Harbour-${randomBytes(6).toString('hex')}`;

test('a member registers, signs out and in, changes password, and still gets in after a restart', async ({
  page,
  server,
}) => {
  // Register.
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByLabel('Display name').fill('  Kari Nordmann  ');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const status = page.getByRole('banner').getByRole('button', { name: 'Sign out Kari Nordmann', exact: true });
  await expect(status).toBeVisible();
  await closeToasts(page);

  // Sign out through the header status: the server session is revoked and the stored one cleared.
  await status.click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tolk.loginResponse'))).toBeNull();

  // A wrong password shows the spec's message.
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');

  // Sign in.
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(username).first()).toBeVisible();

  // Change the password.
  await page.goto('/changepassword');
  await page.getByLabel('Current password').fill(firstPassword);
  await page.getByLabel('New password', { exact: true }).fill(secondPassword);
  await page.getByLabel('Confirm new password').fill(secondPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // The session survives on the new token: the profile still loads.
  await page.reload();
  await expect(page.getByText(username).first()).toBeVisible();

  // Sign out and in with the new password; the old one no longer works.
  await closeToasts(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out Kari Nordmann', exact: true }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(firstPassword);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await page.getByLabel('Password', { exact: true }).fill(secondPassword);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);

  // Restart the server on the same data folder: the account and the session are still there.
  await server.stop();
  await server.start();
  await page.reload();
  await expect(page.getByText(username).first()).toBeVisible();
  await closeToasts(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out Kari Nordmann', exact: true }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(secondPassword);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a guest opening a members-only screen is sent back there after signing in', async ({ page, request }) => {
  const name = `guest-${randomBytes(3).toString('hex')}`;
  const password = `Lantern-${randomBytes(6).toString('hex')}`;
  const res = await request.post('/api/auth/register', { data: { username: name, password } });
  expect(res.status()).toBe(201);

  await page.goto('/changepassword');
  await expect(page.getByText('This feature is for registered members')).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/changepassword$/);
  await expect(page.getByLabel('Current password')).toBeVisible();
});
