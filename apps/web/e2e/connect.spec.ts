import type { APIRequestContext } from '@playwright/test';
import { closeToasts, expect, test } from './fixtures';
import { register, sendMuse, signedIn, socketUp, superadmin, type Member } from './members';

async function cityId(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.get(`/api/cities?q=${encodeURIComponent(name)}&limit=1`);
  expect(res.ok()).toBe(true);
  const { cities } = (await res.json()) as { cities: { id: number }[] };
  const id = cities[0]?.id;
  if (id === undefined) throw new Error(`no city called ${name}`);
  return id;
}

/** The connect profile, set as the profile editor would. */
async function setProfile(request: APIRequestContext, member: Member, profile: Record<string, unknown>) {
  const res = await request.put('/api/profile', {
    headers: { Authorization: `Bearer ${member.loginResponse.token}` },
    data: profile,
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('language partners find each other, connect live, chat each in their language, and a block parts them', async ({
  browser,
  request,
  server,
}) => {
  const lucia = await register(request, 'lucia', 'Lucía', 'es');
  const anna = await register(request, 'anna', 'Anna', 'en');
  const pablo = await register(request, 'pablo', 'Pablo', 'es');
  const madrid = await cityId(request, 'Madrid');
  const london = await cityId(request, 'London');
  await setProfile(request, lucia, {
    languagesSpoken: [{ code: 'es', level: 'native' }],
    languagesLearning: ['en'],
    homeCityId: madrid,
    interests: ['hiking', 'photography'],
  });
  await setProfile(request, anna, {
    bio: 'I live in London and I love hiking.',
    languagesSpoken: [{ code: 'en', level: 'native' }],
    languagesLearning: ['es'],
    homeCityId: london,
    interests: ['hiking', 'music'],
  });
  // Someone nearer, but no partner for Lucía: speaks what she speaks, learns what she learns.
  await setProfile(request, pablo, {
    languagesSpoken: [{ code: 'es', level: 'native' }],
    languagesLearning: ['en'],
    homeCityId: madrid,
  });

  const spanish = await signedIn(browser, server.url, lucia);
  const english = await signedIn(browser, server.url, anna);
  try {
    // Anna waits on her requests; nobody has asked yet.
    const annaLive = socketUp(english.page);
    const luciaLive = socketUp(spanish.page);
    await english.page.goto('/connect?tab=requests');
    await expect(english.page.getByRole('tab', { name: 'Requests', selected: true })).toBeVisible();
    await expect(english.page.getByText('No one is waiting for your answer.')).toBeVisible();

    // Lucía finds Anna first: the language exchange match, her bio in Spanish.
    await spanish.page.goto('/connect');
    const first = spanish.page.locator('.person-card').first();
    await expect(first.getByRole('heading', { name: /Anna/ })).toBeVisible();
    await expect(first.getByText('Language exchange match')).toBeVisible();
    await expect(first.getByText(/Londres|senderismo/)).toBeVisible();
    await expect(spanish.page.locator('.person-card', { hasText: 'Pablo' })).toBeVisible();

    // The filters live in the URL: only people learning Spanish leaves Anna alone.
    await spanish.page.getByRole('button', { name: 'Filters' }).click();
    await spanish.page.getByLabel('Is learning').selectOption('es');
    await spanish.page.getByRole('button', { name: 'Show people' }).click();
    await expect(spanish.page).toHaveURL(/learns=es/);
    await expect(spanish.page.locator('.person-card')).toHaveCount(1);
    await spanish.page.reload();
    await expect(spanish.page.locator('.person-card')).toHaveCount(1);
    await expect(spanish.page.getByRole('button', { name: 'Remove filter: Learning Spanish' })).toBeVisible();

    // She asks to connect, with a note in Spanish.
    await spanish.page.locator('.person-card').first().getByRole('link', { name: 'Anna' }).click();
    await expect(spanish.page.getByRole('heading', { level: 1, name: /Anna/ })).toBeVisible();
    await spanish.page.getByRole('button', { name: 'Connect', exact: true }).click();
    const dialog = spanish.page.getByRole('dialog', { name: 'Connect with Anna' });
    await dialog.getByLabel('Add a note (optional)').fill('Hola Anna, ¿practicamos juntas esta semana?');
    await Promise.all([annaLive, luciaLive]);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(spanish.page.getByText('Request sent to Anna.')).toBeVisible();
    await expect(spanish.page.locator('.person-actions').getByText('Request sent')).toBeVisible();
    await closeToasts(spanish.page);

    // Anna hears of it at once: a toast, the badge, and the request with its note in English.
    await expect(english.page.getByText('Lucía wants to connect')).toBeVisible();
    await expect(english.page.locator('.bottom-nav .nav-badge')).toHaveText(/1/);
    const request = english.page.locator('.connection-row', { hasText: 'Lucía' });
    await expect(request).toBeVisible();
    await expect(request.locator('.reader-text-body')).not.toHaveText('Hola Anna, ¿practicamos juntas esta semana?');
    await request.getByRole('button', { name: 'Show original' }).click();
    await expect(request.getByText('Hola Anna, ¿practicamos juntas esta semana?')).toBeVisible();
    await closeToasts(english.page);
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect(english.page.getByText('You and Lucía are now connected.')).toBeVisible();
    await expect(english.page.locator('.bottom-nav .nav-badge')).toHaveCount(0);

    // Lucía hears that Anna accepted, and her page of Anna says so without a reload.
    await expect(spanish.page.getByText('Anna accepted your request')).toBeVisible();
    await expect(spanish.page.locator('.person-badges').getByText('Connected')).toBeVisible();
    await closeToasts(spanish.page);

    // They chat, each reading the other in their own language.
    await spanish.page.getByRole('button', { name: 'Message' }).click();
    await expect(spanish.page).toHaveURL(/\/muses\/[0-9a-f-]{36}$/);
    const threadPath = new URL(spanish.page.url()).pathname;
    await sendMuse(spanish.page, 'Buenos días, mi amiga');
    await closeToasts(english.page);
    await english.page.getByRole('tab', { name: 'Connections' }).click();
    await english.page
      .locator('.connection-row', { hasText: 'Lucía' })
      .getByRole('button', { name: 'Message' })
      .click();
    await expect(english.page).toHaveURL(new RegExp(`${threadPath}$`));
    const englishLog = english.page.getByRole('log');
    await expect(englishLog.getByText(/Good morning/)).toBeVisible();
    await sendMuse(english.page, 'Good morning! How are you?');
    const spanishLog = spanish.page.getByRole('log');
    await expect(spanishLog.locator('li.muse:not(.pending)')).toHaveCount(2);
    await expect(spanishLog.getByText('Good morning! How are you?')).toHaveCount(0);

    // Anna blocks Lucía: back on Connect, and neither finds the other any more.
    await english.page.goto('/connect?tab=connections');
    await english.page.locator('.connection-row', { hasText: 'Lucía' }).getByRole('link', { name: 'Lucía' }).click();
    await english.page.getByRole('button', { name: 'Block' }).click();
    await english.page
      .getByRole('alertdialog', { name: 'Block Lucía?' })
      .getByRole('button', { name: 'Block' })
      .click();
    await expect(english.page).toHaveURL(/\/connect$/);
    await expect(english.page.getByText('Lucía is blocked.')).toBeVisible();
    await expect(english.page.locator('.person-card', { hasText: 'Pablo' })).toBeVisible();
    await expect(english.page.locator('.person-card', { hasText: 'Lucía' })).toHaveCount(0);
    await english.page.getByRole('searchbox', { name: 'Search by name' }).fill('Lucía');
    await expect(english.page.getByText('No one matches yet')).toBeVisible();

    await spanish.page.goto('/connect');
    await expect(spanish.page.locator('.person-card', { hasText: 'Pablo' })).toBeVisible();
    // By the card's name: a card's text runs together ("Kari Nordmann" + "Active today" holds "annA").
    await expect(spanish.page.locator('.person-card').getByRole('link', { name: 'Anna', exact: true })).toHaveCount(0);
  } finally {
    await spanish.context.close();
    await english.context.close();
  }
});

/** A calendar day this many days from today, as a date input takes it. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a traveller plans a trip and meets the locals, a local sees them coming and reports the trip, and a superadmin suspends the account', async ({
  browser,
  request,
  server,
}) => {
  const tom = await register(request, 'tom', 'Tom', 'en');
  const rui = await register(request, 'rui', 'Rui', 'pt');
  await setProfile(request, tom, {
    languagesSpoken: [{ code: 'en', level: 'native' }],
    languagesLearning: ['pt'],
    homeCityId: await cityId(request, 'London'),
  });
  await setProfile(request, rui, {
    languagesSpoken: [{ code: 'pt', level: 'native' }],
    languagesLearning: ['en'],
    homeCityId: await cityId(request, 'Lisbon'),
  });

  const traveller = await signedIn(browser, server.url, tom);
  const local = await signedIn(browser, server.url, rui);
  const admin = await signedIn(browser, server.url, await superadmin(request));
  try {
    // Tom plans Lisbon; days the wrong way round are refused on the departure field.
    const page = traveller.page;
    await page.goto('/connect');
    await page.getByRole('tab', { name: 'Trips' }).click();
    await expect(page.getByText('No trips planned yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Plan a trip' }).click();
    await page.getByRole('combobox', { name: 'Destination' }).fill('Lisbo');
    await page.getByRole('option', { name: 'Lisbon, Lisboa, Portugal' }).click();
    await page.getByLabel('Arrival').fill(inDays(10));
    await page.getByLabel('Departure').fill(inDays(3));
    await page.getByLabel('Note (optional)').fill('First time in Lisbon: who knows a good fado bar?');
    await page.getByRole('button', { name: 'Add trip' }).click();
    await expect(page.getByText('The departure is before the arrival.')).toBeVisible();
    await page.getByLabel('Departure').fill(inDays(14));
    await page.getByRole('button', { name: 'Add trip' }).click();
    await expect(page.getByText('Trip to Lisbon, Portugal planned.')).toBeVisible();
    await closeToasts(page);

    // Whom the trip meets: Rui lives there.
    const trip = page.getByRole('article', { name: 'Lisbon, Portugal' });
    await expect(trip.getByText('First time in Lisbon: who knows a good fado bar?')).toBeVisible();
    await trip.getByRole('link', { name: 'Meet people' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your trip to Lisbon' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: /Locals in Lisbon/ }).getByRole('link', { name: 'Rui' }),
    ).toBeVisible();

    // Rui sees Tom coming, the note in his language (Portuguese), and reports the trip.
    await local.page.goto('/connect?tab=trips');
    const coming = local.page.getByRole('region', { name: 'Coming to Lisbon' });
    const visitor = coming.getByRole('listitem').filter({ hasText: 'Tom' });
    await expect(visitor).toBeVisible();
    await expect(visitor.locator('.reader-text-body')).not.toHaveText(
      'First time in Lisbon: who knows a good fado bar?',
    );
    await visitor.getByRole('button', { name: 'Report trip' }).click();
    const dialog = local.page.getByRole('dialog', { name: 'Report Tom’s trip' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByText('Choose a reason.')).toBeVisible();
    await dialog.getByRole('radio', { name: /Spam/ }).check();
    await dialog.getByLabel('What happened? (optional)').fill('Looks like an advert.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(local.page.getByText('Thanks, our team will look at it.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // A member is told the queue is not for them.
    await local.page.goto('/connect/reports');
    await expect(local.page.getByText('Only administrators can see this.')).toBeVisible();

    // The superadmin finds the report from Connect and suspends Tom's account.
    await admin.page.goto('/connect');
    await admin.page.getByRole('link', { name: 'Reports' }).click();
    const report = admin.page.getByRole('article', { name: 'Spam' });
    await expect(report.getByText('Looks like an advert.')).toBeVisible();
    await expect(report.getByText(/^Trip/)).toBeVisible();
    await report.getByRole('button', { name: 'Suspend account' }).click();
    const confirm = admin.page.getByRole('alertdialog', { name: 'Suspend Tom?' });
    await expect(confirm.getByText(/signed out everywhere/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Suspend account' }).click();
    await expect(admin.page.getByText('Tom is suspended.')).toBeVisible();
    await expect(admin.page.getByText('No open reports. All clear.')).toBeVisible();
    await admin.page.getByRole('tab', { name: 'Resolved' }).click();
    await expect(admin.page.getByRole('article', { name: 'Spam' }).getByText(/Account suspended on/)).toBeVisible();

    // Tom is gone from Lisbon's visitors.
    await local.page.goto('/connect?tab=trips');
    await expect(local.page.getByText('No one has a trip to Lisbon planned yet.')).toBeVisible();
  } finally {
    await traveller.context.close();
    await local.context.close();
    await admin.context.close();
  }
});
