import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import ar from '../src/locales/ar.json' with { type: 'json' };
import { expect, test } from './fixtures';

/**
 * Every screen in Arabic (right to left) at the two phone widths people use most, light and dark:
 * nothing may stick out sideways, be cut off, or break a word in the bottom navigation.
 */

const WIDTHS = [320, 390] as const;

interface Member {
  username: string;
  userId: string;
  token: string;
  loginResponse: string;
}

async function register(request: APIRequestContext, prefix: string, language: string): Promise<Member> {
  const username = `${prefix}-${randomBytes(3).toString('hex')}`;
  const password = `Harbour-${randomBytes(6).toString('hex')}`;
  const res = await request.post('/api/auth/register', {
    data: { username, password, displayName: prefix, language },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { token: string; userId: string };
  return { username, userId: body.userId, token: body.token, loginResponse: JSON.stringify(body) };
}

/** What a screen shows that does not fit: described, so a failure says where to look. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`page ${root.scrollWidth} px wide on a ${root.clientWidth} px screen`);
    }
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}> "${element.textContent.trim().slice(0, 40)}"`;

    // Interface text cut off by its box (an ellipsis or a hidden overflow) instead of wrapping.
    // What people wrote (a name in the header, a chat's preview) may end in an ellipsis on one
    // line, as in every messenger; the screen marks it data-user-text. Interface words may not.
    const oneLineByDesign = '.visually-hidden, [aria-hidden="true"], [data-user-text]';
    for (const element of document.querySelectorAll('body *')) {
      if (!(element instanceof HTMLElement) || element.closest(oneLineByDesign)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (!['hidden', 'clip'].includes(style.overflowX) || ![...element.childNodes].some((n) => n.nodeType === 3)) {
        continue;
      }
      if (!element.textContent.trim()) continue;
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`${describe(element)} is cut off`);
    }

    // Each bottom navigation label whole: not cut, no word broken over two lines, inside its cell.
    const nav = document.querySelector('.bottom-nav');
    for (const link of nav?.querySelectorAll('a') ?? []) {
      const label = link.querySelector('span');
      if (!label) {
        problems.push('a bottom navigation entry without a label');
        continue;
      }
      const text = label.textContent;
      if (label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight) {
        problems.push(`bottom navigation "${text}" is cut off`);
      }
      const cell = link.getBoundingClientRect();
      const box = label.getBoundingClientRect();
      if (box.left < cell.left - 0.5 || box.right > cell.right + 0.5 || box.bottom > cell.bottom + 0.5) {
        problems.push(`bottom navigation "${text}" sticks out of its cell`);
      }
      const node = label.firstChild;
      if (node?.nodeType !== 3) continue;
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) problems.push(`bottom navigation "${text}": "${match[0]}" is broken over two lines`);
        const word = range.getBoundingClientRect();
        if (word.left < cell.left - 0.5 || word.right > cell.right + 0.5) {
          problems.push(`bottom navigation "${text}": "${match[0]}" is wider than its cell`);
        }
      }
    }
    return problems;
  });
}

test('every screen fits a 320 and a 390 px phone in Arabic, light and dark', async ({ browser, request, server }) => {
  test.setTimeout(240_000);
  const reader = await register(request, 'arabic-reader', 'ar');
  const writer = await register(request, 'russian-writer', 'ru');

  const asWriter = { Authorization: `Bearer ${writer.token}` };
  const asReader = { Authorization: `Bearer ${reader.token}` };
  const chat = await request.post('/api/conversations', {
    headers: asWriter,
    data: { kind: 'direct', members: [reader.username] },
  });
  expect(chat.status()).toBe(201);
  const conversationId = ((await chat.json()) as { id: string }).id;
  const sent = await request.post(`/api/conversations/${conversationId}/muses`, {
    headers: asWriter,
    data: { clientId: randomBytes(8).toString('hex'), text: 'Привет, как дела?', from: 'ru' },
  });
  expect(sent.status()).toBe(201);
  const museId = ((await sent.json()) as { id: string }).id;
  const plaza = await request.post('/api/plazas', {
    headers: asReader,
    data: { userLanguage: 'ar', audienceLanguage: 'en' },
  });
  expect(plaza.status()).toBe(201);
  const plazaId = ((await plaza.json()) as { plaza: { id: string } }).plaza.id;

  const guestRoutes = ['/', '/interpret', '/interpret/join', '/signin', '/register', '/cookie-policy'];
  const memberRoutes = [
    '/muses',
    `/muses/${conversationId}`,
    `/muse/${museId}`,
    '/muse',
    '/profile',
    '/profile/edit',
    '/changepassword',
    `/interpret/${plazaId}`,
    '/person',
    '/account/page',
    `/account/${reader.userId}`,
    `/accountTransaction/${reader.userId}`,
  ];

  for (const dark of [false, true]) {
    for (const member of [false, true]) {
      const context = await browser.newContext({ baseURL: server.url, locale: 'ar' });
      if (member) {
        await context.addCookies([{ name: 'tolk_access_token', value: reader.token, url: server.url }]);
      }
      await context.addInitScript(
        ({ loginResponse, darkMode }) => {
          localStorage.setItem('uiLanguage', 'ar');
          localStorage.setItem('tolk.darkMode', String(darkMode));
          if (loginResponse) localStorage.setItem('tolk.loginResponse', loginResponse);
        },
        { loginResponse: member ? reader.loginResponse : '', darkMode: dark },
      );
      const page = await context.newPage();
      for (const route of member ? memberRoutes : guestRoutes) {
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 740 });
          await page.goto(route);
          await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
          await expect(page.locator('body')).toHaveClass(dark ? /dark-mode/ : /^(?!.*dark-mode)/);
          await expect(page.locator('main h1, main h2').first()).toBeVisible();
          await expect(page.locator('.react-loading-skeleton')).toHaveCount(0);
          if (route !== `/interpret/${plazaId}`) {
            await expect(page.locator('.bottom-nav a span').last()).toHaveText(ar.nav.profile);
          }
          expect.soft(await layoutProblems(page), `${route} at ${width} px${dark ? ', dark' : ''}`).toEqual([]);
          if (route === `/muses/${conversationId}`) {
            // A draft's preview: Russian has no local engine from Arabic, and says so in its line.
            await page.getByRole('textbox', { name: ar.muses.placeholder }).fill('مرحبا، كيف حالك اليوم؟');
            const preview = page.getByRole('region', { name: ar.draftPreview.title });
            await expect(preview.getByText(ar.draftPreview.unavailable)).toBeVisible();
            expect
              .soft(await layoutProblems(page), `${route} with a draft preview at ${width} px${dark ? ', dark' : ''}`)
              .toEqual([]);
          }
        }
      }
      await context.close();
    }
  }
});
