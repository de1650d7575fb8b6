import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { AccountEmail } from '@tolk/shared/schemas/auth';
import type { OutgoingMailPage } from '@tolk/shared/schemas/notifications';
import { outbox } from '../../db/schema/outbox';
import { testApp, type TestApp } from '../../test/build-app';
import { expectError, newAccount, newTenantAccount, signIn, strongPassword, type Member } from '../../test/factories';
import { loadConfig } from '../../config';
import { serverTexts } from '../../texts';
import { smtpServer } from '../../test/smtp-server';

/** Issue 32: an email address verified by its link, and "Forgot password?" through real SMTP. */

let smtp: Awaited<ReturnType<typeof smtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await smtpServer();
  t = await testApp({
    config: {
      mail: { smtpUrl: smtp.url, from: 'Tolk <no-reply@tolk.test>' },
      publicUrl: 'https://tolk.test',
      // Every request here comes from one address; the limit per address has its own test below.
      limits: loadConfig({ TOLK_LIMIT_FORGOT_PASSWORD_PER_HOUR: '1000' }).limits,
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Works the outbox (the mail is sent there) and answers the mails that arrived meanwhile. */
async function deliver(): Promise<ParsedMail[]> {
  const before = smtp.received.length;
  await t.app.outbox.runDue();
  await t.app.outbox.runDue();
  return smtp.received.slice(before);
}

const linkIn = (mail: ParsedMail, path: string) => {
  const match = new RegExp(`https://tolk\\.test${path}\\?token=([\\w-]+)`).exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
};

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

/** A member registered with `email`, the address verified by its link, signed in. */
async function verifiedMember(language: string, email: string): Promise<Member> {
  const username = `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const password = strongPassword();
  const res = await post('/api/auth/register', { username, password, language, email });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await deliver();
  const verified = await post('/api/auth/email/verify', { token: linkIn(mail!, '/verify-email') });
  expect(verified.statusCode, verified.body).toBe(200);
  return signIn(t.app, username, password);
}

describe('an email address', () => {
  it('is verified by the link mailed to it, in the member’s language', async () => {
    const ana = await newAccount(t.app, { language: 'es', displayName: 'Ana' });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/email',
      headers: ana.headers,
      payload: { email: 'ana@example.org' },
    });
    expect(set.json<AccountEmail>()).toEqual({ email: 'ana@example.org', verified: false });
    const [mail, ...more] = await deliver();
    expect(more).toHaveLength(0);
    const es = serverTexts('es').t;
    expect(mail!.subject).toBe(es('mail.verify.subject'));
    expect(mail!.to).toMatchObject({ text: 'ana@example.org' });
    expect(mail!.from).toMatchObject({ text: expect.stringContaining('no-reply@tolk.test') });
    expect(mail!.text).toContain(es('mail.greeting', { name: 'Ana' }));
    expect(mail!.html).toContain('lang="es"');
    const token = linkIn(mail!, '/verify-email');

    // Opened signed out, on another device.
    const verified = await post('/api/auth/email/verify', { token });
    expect(verified.json<AccountEmail>()).toEqual({ email: 'ana@example.org', verified: true });
    const mine = await t.app.inject({ method: 'GET', url: '/api/auth/email', headers: ana.headers });
    expect(mine.json<AccountEmail>()).toEqual({ email: 'ana@example.org', verified: true });
    // Once only.
    expectError(await post('/api/auth/email/verify', { token }), 400, 'validation_failed');

    // A new address is unverified again and gets its own link; the old link proves nothing.
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/email',
      headers: ana.headers,
      payload: { email: 'ana@new.example' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/email', headers: ana.headers })).json()).toEqual({
      email: 'ana@new.example',
      verified: false,
    });
    expect((await deliver()).map((m) => m.to)).toEqual([expect.objectContaining({ text: 'ana@new.example' })]);
  });

  it('given at registration is mailed its link', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: `reg${Date.now().toString(36)}`,
        password: strongPassword(),
        email: 'new@example.org',
        language: 'fr',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await deliver();
    expect(mail!.subject).toBe(serverTexts('fr').t('mail.verify.subject'));
    linkIn(mail!, '/verify-email');
  });

  it('refuses what is not an address, and a link that is not one', async () => {
    const ben = await newAccount(t.app);
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/api/auth/email',
        headers: ben.headers,
        payload: { email: 'not-an-address' },
      }),
      400,
      'validation_failed',
    );
    expectError(await post('/api/auth/email/verify', { token: 'x'.repeat(43) }), 400, 'validation_failed');
  });
});

describe('forgot password', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const cleo = await verifiedMember('de', 'Cleo@Example.org');
    // By address, whatever its case.
    const asked = await post('/api/auth/forgot-password', { login: 'cleo@example.ORG' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true });
    const [mail] = await deliver();
    expect(mail!.subject).toBe(serverTexts('de').t('mail.reset.subject'));
    expect(mail!.to).toMatchObject({ text: expect.stringMatching(/^cleo@example\.org$/i) });
    const token = linkIn(mail!, '/reset-password');

    expectError(await post('/api/auth/reset-password', { token, password: 'short' }), 400, 'validation_failed');
    const password = strongPassword();
    const reset = await post('/api/auth/reset-password', { token, password });
    expect(reset.statusCode, reset.body).toBe(200);
    // The old session is over; the new password signs in; the link is spent.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cleo.headers })).statusCode).toBe(401);
    await signIn(t.app, cleo.username, password);
    expectError(
      await post('/api/auth/reset-password', { token, password: strongPassword() }),
      400,
      'validation_failed',
    );
  });

  it('answers an unknown account exactly as a known one, after the same work, and mails nothing', async () => {
    const dora = await verifiedMember('en', 'dora@example.org');
    const queued = async () => (await t.app.db.select({ n: count() }).from(outbox))[0]!.n;

    const before = await queued();
    const known = await post('/api/auth/forgot-password', { login: dora.username });
    const afterKnown = await queued();
    const unknown = await post('/api/auth/forgot-password', { login: 'nobody-here-at-all' });
    const afterUnknown = await queued();
    const noAddress = await post('/api/auth/forgot-password', { login: 'nobody@example.org' });

    for (const res of [known, unknown, noAddress]) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(known.body);
    }
    // Each request did one thing: queue itself.
    expect(afterKnown - before).toBe(1);
    expect(afterUnknown - afterKnown).toBe(1);
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([expect.objectContaining({ text: 'dora@example.org' })]);

    // A member without a verified address gets nothing either.
    const eli = await newAccount(t.app);
    await post('/api/auth/forgot-password', { login: eli.username });
    expect(await deliver()).toHaveLength(0);
  });

  it('mails at most three links an hour per account, and only the newest works', async () => {
    const fay = await verifiedMember('en', 'fay@example.org');
    for (let i = 0; i < 5; i++) await post('/api/auth/forgot-password', { login: fay.username });
    const mails = await deliver();
    expect(mails).toHaveLength(3);
    const tokens = mails.map((mail) => linkIn(mail, '/reset-password'));
    // They were sent at once, in any order: whichever was made last is the one that works.
    const answers = [];
    for (const token of tokens) {
      answers.push((await post('/api/auth/reset-password', { token, password: strongPassword() })).statusCode);
    }
    expect(answers.sort()).toEqual([200, 400, 400]);
  });

  it('never points a link at the address a request claims to come from', async () => {
    const gus = await verifiedMember('en', 'gus@example.org');
    await post('/api/auth/forgot-password', { login: gus.username }, { host: 'evil.example' });
    const [mail] = await deliver();
    expect(mail!.text).not.toContain('evil.example');
    linkIn(mail!, '/reset-password');
  });
});

describe('outgoing mail (superadmins)', () => {
  it('lists what was sent, for superadmins only', async () => {
    const admin = await newTenantAccount(t.app, 'root', { roles: 'superadmin' });
    const member = await newAccount(t.app);
    const page = await t.app.inject({ method: 'GET', url: '/api/admin/mail?limit=5', headers: admin.headers });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<OutgoingMailPage>();
    expect(body.transport).toBe('smtp');
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items[0]).toMatchObject({ transport: 'smtp', subject: expect.any(String) });
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/mail', headers: member.headers }),
      403,
      'forbidden',
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/deliveries/dead', headers: member.headers }),
      403,
      'forbidden',
    );
  });
});

describe('without an SMTP server', () => {
  it('keeps mail in the embedded mailbox, where a superadmin reads the link', async () => {
    const embedded = await testApp();
    try {
      const hana = await newAccount(embedded.app);
      await embedded.app.inject({
        method: 'PUT',
        url: '/api/auth/email',
        headers: hana.headers,
        payload: { email: 'hana@example.org' },
      });
      await embedded.app.outbox.runDue();
      const admin = await newTenantAccount(embedded.app, 'root', { roles: 'superadmin' });
      const page = (
        await embedded.app.inject({ method: 'GET', url: '/api/admin/mail?to=HANA@example.org', headers: admin.headers })
      ).json<OutgoingMailPage>();
      expect(page.transport).toBe('mailbox');
      expect(page.items).toHaveLength(1);
      expect(page.items[0]!.text).toMatch(/\/verify-email\?token=[\w-]{43}/);

      // Per address, "Forgot password?" is limited (10 an hour by default).
      const answers = [];
      for (let i = 0; i < 11; i++) {
        answers.push(
          (await embedded.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { login: 'x' } }))
            .statusCode,
        );
      }
      expect(answers.slice(0, 10).every((status) => status === 202)).toBe(true);
      expect(answers[10]).toBe(429);
    } finally {
      await embedded.close();
    }
  });
});
