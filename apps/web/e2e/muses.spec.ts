import { expect, test } from './fixtures';
import { register, seesSpanishPreview, sendMuse, signedIn } from './members';

test('two members chat, each reading the other in their own language, and nothing is lost offline', async ({
  browser,
  request,
  server,
}) => {
  const anna = await register(request, 'anna', 'Anna', 'en');
  const lucia = await register(request, 'lucia', 'Lucía', 'es');
  const english = await signedIn(browser, server.url, anna);
  const spanish = await signedIn(browser, server.url, lucia);

  try {
    // Anna starts a one-to-one chat with Lucía from the conversation list.
    await english.page.goto('/muses');
    await expect(english.page.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await english.page.getByRole('button', { name: 'New chat' }).click();
    await english.page.getByLabel('Username').fill(lucia.username);
    await english.page.getByRole('button', { name: 'Start chat' }).click();
    await expect(english.page).toHaveURL(/\/muses\/[0-9a-f-]{36}$/);
    await expect(english.page.getByRole('heading', { name: 'Lucía' })).toBeVisible();
    const threadPath = new URL(english.page.url()).pathname;

    // Before sending, Anna sees what Lucía will read, and that brought back into English.
    await english.page.getByRole('textbox', { name: 'Write in your language…' }).fill('Good morning, my friend');
    const preview = await seesSpanishPreview(english.page);
    await english.page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(preview).toHaveCount(0);
    const englishLog = english.page.getByRole('log');
    await expect(englishLog.getByText('Good morning, my friend')).toBeVisible();

    // Lucía finds the chat in her list and reads Anna's muse in Spanish, the original one tap away.
    await spanish.page.goto('/muses');
    await spanish.page.getByRole('link', { name: /Anna/ }).click();
    await expect(spanish.page).toHaveURL(new RegExp(`${threadPath}$`));
    const spanishLog = spanish.page.getByRole('log');
    await expect(spanishLog.getByText(/Buenos días, mi amigo/)).toBeVisible();
    await expect(spanishLog.getByText('Good morning, my friend')).toHaveCount(0);
    // A machine made it and says so; Lucía flags it, and is told it will be made again.
    await expect(spanishLog.getByText('Machine translation by Apertium')).toBeVisible();
    await spanishLog.getByRole('button', { name: 'Flag bad translation' }).click();
    await expect(spanish.page.getByText('Thanks. This translation is flagged and will be made again.')).toBeVisible();
    await expect(spanishLog.getByRole('button', { name: 'Flagged' })).toBeDisabled();
    await spanishLog.getByRole('button', { name: 'Show original' }).click();
    await expect(spanishLog.getByText('Good morning, my friend')).toBeVisible();
    await spanishLog.getByRole('button', { name: 'Show translation' }).click();

    // Lucía answers in Spanish; Anna reads it in English, live.
    await sendMuse(spanish.page, 'Buenos días, ¿cómo estás?');
    await expect(englishLog.getByText(/Good morning, how/)).toBeVisible();
    await englishLog.getByRole('button', { name: 'Show original' }).click();
    await expect(englishLog.getByText('Buenos días, ¿cómo estás?')).toBeVisible();
    // Lucía has read Anna's muse.
    await expect(englishLog.getByText('Read by Lucía')).toBeVisible();

    // Lucía loses her connection; Anna writes twice meanwhile.
    await spanish.context.setOffline(true);
    await expect(spanish.page.getByText('You are offline.', { exact: false })).toBeVisible();
    // Offline, nobody's presence is known, and what Lucía writes waits in the queue, saying so
    // as the banner does (not "not sent").
    await expect(spanish.page.locator('.thread-subtitle.presence-unknown')).toBeVisible();
    await sendMuse(spanish.page, 'Ya voy');
    await expect(spanishLog.locator('li.muse.pending.queued', { hasText: 'Ya voy' })).toBeVisible();
    await expect(spanishLog.locator('li.muse.failed')).toHaveCount(0);
    await sendMuse(english.page, 'The train is late');
    await sendMuse(english.page, 'I have the tickets');
    await expect(englishLog.locator('li.muse:not(.pending)', { hasText: 'I have the tickets' })).toHaveCount(1);
    // Nothing reaches an offline reader (give a live socket the chance to prove otherwise).
    await spanish.page.waitForTimeout(1000);
    await expect(spanishLog.locator('li.muse:not(.pending)')).toHaveCount(2);

    // Back online: both arrive, each exactly once, in Spanish, and Lucía's queued muse goes after them.
    await spanish.context.setOffline(false);
    await expect(spanish.page.getByText('Back online.')).toBeVisible();
    await expect(spanishLog.locator('li.muse', { hasText: /tren/ })).toHaveCount(1);
    await expect(spanishLog.locator('li.muse', { hasText: /entradas/ })).toHaveCount(1);
    await expect(spanishLog.locator('li.muse:not(.pending)', { hasText: 'Ya voy' })).toHaveCount(1);
    await expect(spanishLog.locator('li.muse')).toHaveCount(5);
    await expect(englishLog.locator('li.muse', { hasText: /I'm coming|Ya voy|I go/ })).toHaveCount(1);
    // Still exactly once after the HTTP refetch and the socket replay have both had their say.
    await spanish.page.waitForTimeout(1500);
    await expect(spanishLog.locator('li.muse')).toHaveCount(5);
    const order = await spanishLog
      .locator('li.muse')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-seq')));
    expect(order).toEqual(['1', '2', '3', '4', '5']);
  } finally {
    await english.context.close();
    await spanish.context.close();
  }
});

test('a member edits and deletes their own muse, confirming with the spec texts', async ({
  browser,
  request,
  server,
}) => {
  const ola = await register(request, 'ola', 'Ola', 'en');
  const kari = await register(request, 'kari', 'Kari', 'en');
  const { context, page } = await signedIn(browser, server.url, ola);
  try {
    await page.goto('/muses');
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByLabel('Username').fill(kari.username);
    await page.getByRole('button', { name: 'Start chat' }).click();
    await expect(page).toHaveURL(/\/muses\/[0-9a-f-]{36}$/);

    await sendMuse(page, 'See you tomorow');
    const log = page.getByRole('log');
    const muse = log.locator('li.muse:not(.pending)', { hasText: 'See you tomorow' });
    await expect(muse).toHaveCount(1);

    await muse.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: 'Edit muse' })).toBeVisible();
    await page.getByLabel('Muse', { exact: true }).fill('See you tomorrow');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/muses\/[0-9a-f-]{36}$/);
    await expect(log.locator('li.muse', { hasText: 'See you tomorrow' })).toContainText('edited');

    // Every muse of mine, newest first; its detail has the original, any language on demand, and copies.
    await page.goto('/muse');
    await expect(page.getByRole('heading', { name: 'All muses' })).toBeVisible();
    await page.getByRole('link', { name: /See you tomorrow/ }).click();
    await expect(page.getByRole('heading', { name: 'Original' })).toBeVisible();
    await expect(page.getByText('Written in English', { exact: false })).toBeVisible();
    await page.getByLabel('Translation language').selectOption('es');
    await expect(page.getByRole('heading', { name: 'Spanish' })).toBeVisible();
    await expect(page.getByText(/mañana/)).toBeVisible();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByRole('button', { name: 'Copy comment' }).click();
    await expect(page.getByText('User Comment copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('See you tomorrow');
    await page.getByRole('button', { name: 'Copy translation' }).first().click();
    await expect(page.getByText('User Translated Comment copied to clipboard!')).toBeVisible();

    // Delete asks first, with the spec's texts and the muse it deletes, in an accessible dialog.
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText('Are you sure you want to delete the item?');
    await expect(dialog).toContainText('The muse “See you tomorrow” is deleted for everyone in the chat.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/muses\/[0-9a-f-]{36}$/);
    await expect(log.getByText('This muse was deleted.')).toBeVisible();
    await expect(log.getByText('See you tomorrow')).toHaveCount(0);

    // Nothing left to list, and where muses come from.
    await page.goto('/muse');
    await expect(page.getByText('no items found')).toBeVisible();
    await expect(page.getByText('Open a chat and write the first one.', { exact: false })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/muses');
  } finally {
    await context.close();
  }
});

test('a mistyped muse, conversation or plaza link says "not found" with a way back, not a retry', async ({
  browser,
  request,
  server,
}) => {
  const member = await register(request, 'nina', 'Nina', 'en');
  const { context, page } = await signedIn(browser, server.url, member);
  try {
    const cases: [string, string, string][] = [
      ['/muses/x', 'This conversation does not exist or you are not a member.', '/muses'],
      ['/muse/x', 'We could not find that.', '/muse'],
      ['/muse/edit/x', 'We could not find that.', '/muse'],
      ['/interpret/1', 'This conversation does not exist.', '/interpret'],
    ];
    for (const [path, message, back] of cases) {
      await page.goto(path);
      await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
      await expect(page.getByText('Some fields are missing or invalid.')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(page.locator(`main a[href="${back}"]`).first()).toBeVisible();
    }
  } finally {
    await context.close();
  }
});
