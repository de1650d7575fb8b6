import { expect, test } from './fixtures';
import { register, signedIn, superadmin } from './members';

test('the bell counts up live when another member connects and writes, and opens what it is about', async ({
  browser,
  request,
  server,
}) => {
  const nora = await register(request, 'nora', 'Nora', 'en');
  const pablo = await register(request, 'pablo', 'Pablo', 'es');
  const { context, page } = await signedIn(browser, server.url, nora);
  const pabloAuth = { authorization: `Bearer ${pablo.loginResponse.token}` };
  try {
    await page.goto('/profile');
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications');

    // Pablo asks to connect: the bell counts it without a reload.
    const asked = await request.post(`/api/connect/people/${nora.loginResponse.userId as string}/request`, {
      headers: pabloAuth,
      data: { note: 'Hola' },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');

    // He writes to her while she is elsewhere: one more, once the muse has waited its few seconds.
    const chat = await request.post('/api/conversations', {
      headers: pabloAuth,
      data: { kind: 'direct', members: [nora.username] },
    });
    expect(chat.ok(), await chat.text()).toBe(true);
    const { id: chatId } = (await chat.json()) as { id: string };
    const sent = await request.post(`/api/conversations/${chatId}/muses`, {
      headers: pabloAuth,
      data: { clientId: crypto.randomUUID(), text: 'Hola Nora, ¿quedamos mañana?', from: 'es' },
    });
    expect(sent.status()).toBe(201);
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 20_000 });

    // The list says what happened in her words, with the muse's start in English.
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    const muse = page.getByRole('link', { name: /Pablo sent you a muse/ });
    await expect(muse).toBeVisible();
    await expect(page.getByRole('link', { name: /Pablo asked to connect with you/ })).toBeVisible();
    await muse.click();
    await expect(page).toHaveURL(new RegExp(`/muses/${chatId}$`));
    await expect(page.getByRole('log').getByText(/Hello Nora/)).toBeVisible();
    // Reading the chat read its notification: one is left (the request).
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('forgot password: the link from the embedded mailbox sets a new password', async ({
  browser,
  request,
  server,
}) => {
  const olga = await register(request, 'olga', 'Olga', 'en');
  const olgaAuth = { authorization: `Bearer ${olga.loginResponse.token}` };
  const address = `${olga.username}@example.org`;
  const admin = await superadmin(request);
  const adminAuth = { authorization: `Bearer ${admin.loginResponse.token}` };
  /** The latest mail to the address, as a superadmin reads the outgoing mail (no SMTP server here). */
  const lastMailText = async () => {
    const res = await request.get(`/api/admin/mail?to=${encodeURIComponent(address)}&limit=1`, { headers: adminAuth });
    const { items } = (await res.json()) as { items: { text: string }[] };
    return items[0]?.text ?? '';
  };

  // Olga adds her address and verifies it from the mailed link.
  const set = await request.put('/api/auth/email', { headers: olgaAuth, data: { email: address } });
  expect(set.ok(), await set.text()).toBe(true);
  await expect.poll(lastMailText, { timeout: 15_000 }).toMatch(/\/verify-email\?token=/);
  const verifyLink = /(http\S+\/verify-email\?token=[\w-]+)/.exec(await lastMailText())![1]!;
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await page.goto(new URL(verifyLink).pathname + new URL(verifyLink).search);
    await expect(page.getByRole('heading', { name: 'Email address verified' })).toBeVisible();

    // Signed out, she has forgotten her password.
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Username or email address').fill(olga.username);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    await expect.poll(lastMailText, { timeout: 15_000 }).toMatch(/\/reset-password\?token=/);
    const resetLink = new URL(/(http\S+\/reset-password\?token=[\w-]+)/.exec(await lastMailText())![1]!);
    await page.goto(resetLink.pathname + resetLink.search);
    const newPassword = 'Lighthouse-keeper-2026';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page).toHaveURL(/\/signin/);

    // The old session is over; the new password signs in.
    expect((await request.get('/api/auth/me', { headers: olgaAuth })).status()).toBe(401);
    await page.getByLabel('Username', { exact: true }).fill(olga.username);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the service worker shows a push in the words the server wrote', async ({ browser, request, server }) => {
  const rosa = await register(request, 'rosa', 'Rosa', 'es');
  const { context, page } = await signedIn(browser, server.url, rosa);
  try {
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto('/notifications');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    // The push arrives as a push service hands it to the browser (here through the DevTools protocol).
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => registrations.push(...updated));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const payload = {
      title: 'Pablo te envió una muse',
      body: '¿Quedamos mañana?',
      link: '/muses/00000000-0000-4000-8000-000000000001',
      tag: 'muse:00000000-0000-4000-8000-000000000001',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(server.url).origin,
      registrationId: registrations[0]!.registrationId,
      data: JSON.stringify(payload),
    });

    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        })),
      );
    await expect
      .poll(shown, { timeout: 15_000 })
      .toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { link: payload.link } }]);
  } finally {
    await context.close();
  }
});
