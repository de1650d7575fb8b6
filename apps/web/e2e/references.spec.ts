import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { closeToasts, expect, test } from './fixtures';
import { register, signedIn, type Member } from './members';

// References' clock runs three days ahead: a trip that ends today, or an order fulfilled today, is
// already in the past for them, so its references can be written now.
test.use({ serverEnv: { TOLK_REFERENCES_CLOCK_OFFSET_DAYS: '3' } });

const MADRID = 3117735;
const LISBON = 2267057;

const bearer = (member: Member) => ({ authorization: `Bearer ${member.loginResponse.token}` });
const idOf = (member: Member) => String(member.loginResponse.userId);

async function api<T>(
  request: APIRequestContext,
  member: Member,
  method: 'post' | 'put' | 'get',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { headers: bearer(member), ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method.toUpperCase()} ${url}: ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? null : await res.json()) as T;
}

/** The interface in a language, whatever the browser says. */
async function speak(context: BrowserContext, language: string) {
  await context.addInitScript((code) => {
    localStorage.setItem('uiLanguage', code);
  }, language);
}

test('two members meet on a trip, both write their reference in Spanish, and both appear', async ({
  browser,
  request,
  server,
}) => {
  const eva = await register(request, 'eva', 'Eva', 'es');
  const joao = await register(request, 'joao', 'João', 'es');
  await api(request, eva, 'put', '/api/profile', {
    homeCityId: MADRID,
    languagesSpoken: [{ code: 'es', level: 'native' }],
    languagesLearning: ['pt'],
  });
  await api(request, joao, 'put', '/api/profile', {
    homeCityId: LISBON,
    languagesSpoken: [{ code: 'pt', level: 'native' }],
    languagesLearning: ['es'],
  });
  // Eva spends the day in Lisbon and asks João to meet during it.
  const today = new Date().toISOString().slice(0, 10);
  const trip = await api<{ id: string }>(request, eva, 'post', '/api/connect/trips', {
    cityId: LISBON,
    arrival: today,
    departure: today,
  });
  await api(request, eva, 'post', `/api/connect/trips/${trip.id}/meet`, { accountId: idOf(joao) });

  const evaBrowser = await signedIn(browser, server.url, eva);
  const joaoBrowser = await signedIn(browser, server.url, joao);
  await speak(evaBrowser.context, 'es');
  await speak(joaoBrowser.context, 'es');
  try {
    const write = async (page: typeof evaBrowser.page, about: string, text: string) => {
      await page.goto('/references');
      await expect(page.getByRole('heading', { level: 1, name: 'Referencias' })).toBeVisible();
      await page.getByRole('button', { name: `Escribir una referencia sobre ${about}` }).click();
      const form = page.getByRole('form', { name: `Tu referencia sobre ${about}` });
      await form.getByRole('radio', { name: 'Positiva' }).check();
      // A buyer's stars are not asked of a meeting.
      await expect(form.getByRole('group', { name: 'Tu valoración' })).toHaveCount(0);
      await form.getByRole('textbox', { name: 'Tu referencia' }).fill(text);
      await form.getByRole('button', { name: 'Publicar referencia' }).click();
      await expect(page.getByText(`Tu referencia sobre ${about} se ha guardado.`)).toBeVisible();
      await closeToasts(page);
      await expect(page.getByRole('button', { name: `Escribir una referencia sobre ${about}` })).toHaveCount(0);
    };

    // Eva writes first: João is told she has, and hers stays hidden until he writes his.
    await write(evaBrowser.page, 'João', 'João me enseñó la Lisboa de verdad, un anfitrión estupendo.');
    await joaoBrowser.page.goto('/references');
    await expect(joaoBrowser.page.getByText('Eva ya ha escrito la suya')).toBeVisible();
    await write(joaoBrowser.page, 'Eva', 'Eva fue puntual, simpática y con muchas ganas de aprender.');

    // Both are shown now: on each one's page, and on Eva's own list.
    await evaBrowser.page.goto(`/connect/${idOf(joao)}`);
    const aboutJoao = evaBrowser.page.getByRole('region', { name: 'Referencias' });
    await expect(aboutJoao.getByText('1 encuentro · 0 pedidos')).toBeVisible();
    await expect(aboutJoao.getByRole('article', { name: 'Eva' })).toContainText('un anfitrión estupendo');

    await joaoBrowser.page.goto(`/connect/${idOf(eva)}`);
    const aboutEva = joaoBrowser.page.getByRole('region', { name: 'Referencias' });
    await expect(aboutEva.getByRole('article', { name: 'João' })).toContainText('muchas ganas de aprender');

    await evaBrowser.page.goto('/references');
    const mine = evaBrowser.page.getByRole('region', { name: 'Escritas sobre mí' });
    await expect(mine.getByRole('article', { name: 'João' })).toContainText('Positiva');
  } finally {
    await evaBrowser.context.close();
    await joaoBrowser.context.close();
  }
});

test('a buyer rates a fulfilled order in Arabic and the offer shows the rating', async ({
  browser,
  request,
  server,
}) => {
  const samir = await register(request, 'samir', 'سمير', 'ar');
  const layla = await register(request, 'layla', 'ليلى', 'ar');
  const thing = await api<{ id: string }>(request, samir, 'post', '/api/things', {
    name: 'جولة في المدينة القديمة',
    priceMinor: 0,
    currency: 'EUR',
    unit: 'item',
    visibility: 'offered',
  });
  // Layla orders the free tour; Samir accepts it and, it being free, fulfils it at once.
  const placed = await api<{ id: string; version: number }>(request, layla, 'post', '/api/orders', {
    thingId: thing.id,
    quantity: 1,
  });
  const accepted = await api<{ version: number }>(request, samir, 'post', `/api/orders/${placed.id}/accept`, {
    version: placed.version,
  });
  await api(request, samir, 'post', `/api/orders/${placed.id}/fulfil`, { version: accepted.version });

  const buyer = await signedIn(browser, server.url, layla);
  await speak(buyer.context, 'ar');
  try {
    const page = buyer.page;
    await page.goto('/references');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'اكتب تزكية عن سمير' }).click();
    const form = page.getByRole('form', { name: 'تزكيتك عن سمير' });
    await form.getByRole('radio', { name: 'إيجابية' }).check();
    await form.getByRole('textbox', { name: 'تزكيتك' }).fill('جولة رائعة ومرشد لطيف يعرف كل زاوية في المدينة.');
    // The buyer rates the thing: asked for before anything is sent.
    await form.getByRole('button', { name: 'نشر التزكية' }).click();
    await expect(form.getByText('اختر تقييمًا من نجمة إلى 5 نجوم.')).toBeVisible();
    await form.getByRole('group', { name: 'تقييمك' }).getByRole('radio', { name: /4/ }).check();
    await form.getByRole('button', { name: 'نشر التزكية' }).click();
    await expect(page.getByText('حُفظت تزكيتك عن سمير.')).toBeVisible();

    // Samir writes his about Layla: both are shown, the rating with them.
    const { items } = await api<{ items: { about: string; other: { id: string }; written: string | null }[] }>(
      request,
      samir,
      'get',
      '/api/references/occasions',
    );
    const occasion = items.find((item) => item.other.id === idOf(layla) && item.written === null);
    expect(occasion).toBeDefined();
    await api(request, samir, 'post', '/api/references', {
      about: occasion!.about,
      subjectId: idOf(layla),
      opinion: 'positive',
      text: 'ليلى جاءت في الوقت المحدد وكانت لطيفة جدًا.',
    });

    await page.goto(`/connect/${idOf(samir)}`);
    const offers = page.getByRole('region', { name: 'ما يعرضه سمير' });
    await expect(offers.getByText(/تقييم واحد/)).toBeVisible();
    await offers.getByRole('button', { name: 'مراجعات جولة في المدينة القديمة' }).click();
    await expect(offers.getByRole('article', { name: 'ليلى' })).toContainText('جولة رائعة');
  } finally {
    await buyer.context.close();
  }
});
