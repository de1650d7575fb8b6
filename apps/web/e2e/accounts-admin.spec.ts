import { randomBytes } from 'node:crypto';
import { closeToasts, expect, test } from './fixtures';
import { signedIn, superadmin } from './members';

test('a superadmin adds a tenant and an account in it with a one-time password; the new member signs in with it, must choose their own, then reads their account page', async ({
  browser,
  request,
  server,
}) => {
  const slug = `fjord-${randomBytes(3).toString('hex')}`;
  const username = `sigrid-${randomBytes(3).toString('hex')}`;
  const ownPassword = `Lighthouse-${randomBytes(6).toString('hex')}`;
  const admin = await signedIn(browser, server.url, await superadmin(request));
  const member = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 320, height: 740 },
    locale: 'en-US',
  });
  await member.addInitScript(() => {
    localStorage.setItem(
      'tolk.cookieConsent.v1',
      JSON.stringify({ necessary: true, analytics: true, marketing: true, version: 1 }),
    );
  });
  try {
    const page = admin.page;

    // A tenant: the list of tenants, then the form under it.
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await page.getByRole('tab', { name: 'Tenants' }).click();
    await expect(page.getByRole('main').getByText('public', { exact: true })).toBeVisible();
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Name', { exact: true }).fill('Fjord Club');
    await page.getByRole('button', { name: 'Add tenant' }).click();
    await expect(page.getByText('Tenant Fjord Club added.')).toBeVisible();
    const tenantRow = page.getByRole('listitem').filter({ hasText: slug });
    await expect(tenantRow.getByRole('link', { name: '0 accounts' })).toBeVisible();
    await expect(tenantRow.getByRole('button', { name: 'Remove' })).toBeVisible();
    await closeToasts(page);

    // An account in it, with a one-time password (the default), shown once.
    await page.getByRole('link', { name: 'Add account' }).click();
    await expect(page).toHaveURL(/\/account\/add$/);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Display name').fill('Sigrid Fjord');
    await page.getByLabel('Tenant').selectOption(slug);
    await expect(page.getByRole('radio', { name: /Generate a one-time password/ })).toBeChecked();
    await page.getByRole('button', { name: 'Create account' }).click();
    const dialog = page.getByRole('dialog', { name: 'One-time password for Sigrid Fjord' });
    await expect(dialog).toBeVisible();
    const oneTimePassword = await dialog.getByLabel('One-time password', { exact: true }).inputValue();
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(8);
    await dialog.getByRole('button', { name: 'Done, I have it' }).click();
    await expect(page).toHaveURL(/\/account\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sigrid Fjord' })).toBeVisible();
    await expect(page.getByText('One-time password: to be changed at the next sign-in')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Changes' }).getByText('Account created')).toBeVisible();
    await closeToasts(page);

    // The new member signs in with it, on a 320 px phone, and is held at the password change.
    const phone = await member.newPage();
    await phone.goto('/signin');
    await phone.getByLabel('Username').fill(username);
    await phone.getByLabel('Password', { exact: true }).fill(oneTimePassword);
    await phone.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await expect(phone).toHaveURL(/\/changepassword\?returnTo=/);
    await expect(phone.getByRole('heading', { level: 1, name: 'Choose your own password' })).toBeVisible();
    await expect(phone.getByText('Choose your own password to continue.', { exact: false })).toBeVisible();
    await phone.goto('/person');
    await expect(phone).toHaveURL(/\/changepassword\?returnTo=%2Fperson$/);

    await phone.getByLabel('One-time password you were given').fill(oneTimePassword);
    await phone.getByLabel('New password', { exact: true }).fill(ownPassword);
    await phone.getByLabel('Confirm new password').fill(ownPassword);
    await phone.getByRole('button', { name: 'Change password' }).click();
    await expect(phone).toHaveURL(/\/person$/);
    await expect(phone.getByText('Your password is set. Welcome to Tolk!')).toBeVisible();
    expect(
      await phone.evaluate(
        () =>
          (JSON.parse(localStorage.getItem('tolk.loginResponse') ?? '{}') as { mustChangePassword?: boolean })
            .mustChangePassword,
      ),
    ).toBe(false);
    await closeToasts(phone);

    // Their own page: who they are (not their tenant or roles: admin words), no subscription, no money yet.
    await phone.goto('/account/page');
    await expect(phone.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    const main = phone.getByRole('main');
    await expect(main.getByText('Sigrid Fjord')).toBeVisible();
    await expect(main.getByText(`@${username}`)).toBeVisible();
    await expect(main.getByText('Member since')).toBeVisible();
    await expect(main.getByText(slug, { exact: true })).toHaveCount(0);
    await expect(main.getByText('Tenant', { exact: true })).toHaveCount(0);
    await expect(main.getByText('No subscription')).toBeVisible();
    await expect(main.getByText('No money yet')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/changepassword');
    // Nothing on it is wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // /account is their own account for a member, never the list.
    await phone.goto('/account');
    await expect(phone).toHaveURL(/\/account\/[0-9a-f-]{36}$/);
    await expect(phone.getByRole('heading', { level: 1, name: 'Sigrid Fjord' })).toBeVisible();
    await expect(phone.getByRole('searchbox')).toHaveCount(0);

    // The superadmin sees the tenant counting her now.
    await page.goto('/account?tab=tenants');
    const counted = page.getByRole('listitem').filter({ hasText: slug });
    await expect(counted.getByRole('link', { name: '1 account' })).toBeVisible();
    await expect(counted.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  } finally {
    await member.close();
    await admin.context.close();
  }
});
