import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { E2E_ADMIN_PASSWORD } from './server';

/** A member registered through the API, with what a signed-in browser stores. */
export interface Member {
  username: string;
  displayName: string;
  password: string;
  loginResponse: Record<string, unknown> & { token: string };
}

export async function register(
  request: APIRequestContext,
  prefix: string,
  displayName: string,
  language: string,
): Promise<Member> {
  const username = `${prefix}-${randomBytes(3).toString('hex')}`;
  const password = `Harbour-${randomBytes(6).toString('hex')}`;
  const res = await request.post('/api/auth/register', { data: { username, password, displayName, language } });
  expect(res.status()).toBe(201);
  return { username, displayName, password, loginResponse: (await res.json()) as Member['loginResponse'] };
}

/** The bootstrap superadmin (the server started with TOLK_ADMIN_PASSWORD), signed in through the API as the sign-in screen would. */
export async function superadmin(request: APIRequestContext): Promise<Member> {
  const res = await request.post('/api/auth/signin', { data: { username: 'admin', password: E2E_ADMIN_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return {
    username: 'admin',
    displayName: '',
    password: E2E_ADMIN_PASSWORD,
    loginResponse: (await res.json()) as Member['loginResponse'],
  };
}

/** A phone-sized browser already signed in as the member: the stored session plus the token cookie. */
export async function signedIn(
  browser: Browser,
  baseURL: string,
  member: Member,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: 'en-US' });
  await context.addCookies([{ name: 'tolk_access_token', value: member.loginResponse.token, url: baseURL }]);
  await context.addInitScript((stored) => {
    localStorage.setItem('tolk.loginResponse', stored);
    // Accept the cookie banner up front so it never covers the composer.
    localStorage.setItem(
      'tolk.cookieConsent.v1',
      JSON.stringify({ necessary: true, analytics: true, marketing: true, version: 1 }),
    );
  }, JSON.stringify(member.loginResponse));
  return { context, page: await context.newPage() };
}

export async function sendMuse(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Write in your language…' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/**
 * The composer's preview of "Good morning, my friend" for a Spanish reader: the Spanish version
 * and, brought back, English again. Returns the preview, which goes once the muse is sent.
 */
export async function seesSpanishPreview(page: Page) {
  const preview = page.getByRole('region', { name: 'What they will read' });
  await expect(preview.locator('li', { hasText: 'Spanish' }).locator('p[lang="es"]')).toHaveText(
    /Buenos días, mi amigo/,
    { timeout: 15_000 },
  );
  await expect(preview.getByText('Back in your language, from the Spanish version:')).toBeVisible();
  await expect(preview.locator('.draft-preview-back p[lang="en"]')).toHaveText(/morning|day/i);
  return preview;
}

/**
 * Resolves once the page's realtime socket hears from the server: live events reach it from then
 * on. Call it before the page loads, so the socket's opening is seen.
 */
export function socketUp(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', () => {
        resolve();
      });
    });
  });
}
