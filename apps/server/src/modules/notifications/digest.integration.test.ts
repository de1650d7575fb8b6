import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { NOTIFICATION_TOPICS, type NotificationSettings } from '@tolk/shared/schemas/notifications';
import { accounts } from '../../db/schema/accounts';
import { outbox } from '../../db/schema/outbox';
import { testApp, testConfig, type TestApp } from '../../test/build-app';
import { newAccount, type Member } from '../../test/factories';
import { smtpServer } from '../../test/smtp-server';
import { connectSocket, listen } from '../../test/sockets';
import { serverTexts } from '../../texts';

/** Issue 32: "you have N unread notifications" mails through real SMTP, and one-click unsubscribe (RFC 8058). */

const DELAY_MS = 300;
let smtp: Awaited<ReturnType<typeof smtpServer>>;
let t: TestApp;
let ben: Member;

beforeAll(async () => {
  smtp = await smtpServer();
  t = await testApp({
    config: {
      mail: { smtpUrl: smtp.url, from: 'Tolk <no-reply@tolk.test>' },
      publicUrl: 'https://tolk.test',
      notifications: {
        ...testConfig().notifications,
        museDelayMs: 0,
        digestDelayMs: DELAY_MS,
        digestPeriodMs: 60 * 60_000,
      },
    },
  });
  await listen(t.app);
  ben = await newAccount(t.app, { displayName: 'Ben', language: 'en' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A member whose address is verified (the verification flow has its own tests in recovery). */
async function mailable(displayName: string, language: string, email: string): Promise<Member> {
  const member = await newAccount(t.app, { displayName, language });
  await t.app.db.update(accounts).set({ email, emailVerifiedAt: new Date() }).where(eq(accounts.id, member.userId));
  return member;
}

const askToConnect = async (from: Member, to: Member) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/connect/people/${to.userId}/request`,
    headers: from.headers,
    payload: { note: '' },
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** Waits out the digest's delay window and works the outbox; the mails that arrived meanwhile. */
async function afterDelay(): Promise<ParsedMail[]> {
  const before = smtp.received.length;
  await new Promise((resolve) => setTimeout(resolve, 2 * DELAY_MS + 50));
  while ((await t.app.outbox.runDue()) > 0);
  return smtp.received.slice(before);
}
const to = (mails: ParsedMail[], address: string) =>
  mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(address));

describe('digest mails', () => {
  let ana: Member;
  let unsubscribe = '';

  it('mails what stayed unread, once, in the member’s language, with one-click unsubscribe', async () => {
    ana = await mailable('Ana', 'fr', 'ana@example.org');
    await askToConnect(ben, ana);
    const mails = to(await afterDelay(), 'ana@example.org');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const { t: fr } = serverTexts('fr');
    expect(mail!.subject).toBe(fr('mail.digest.subject', { count: 1 }));
    expect(mail!.text).toContain(fr('notification.events.connection.requested', { name: 'Ben' }));
    expect(mail!.text).toContain('https://tolk.test/notifications');
    expect(mail!.html).toContain('lang="fr"');
    // As the mail client reads them (mailparser folds List-* headers into an object: read the lines).
    const line = (name: string) =>
      (mail!.headerLines.find((header) => header.key === name)?.line ?? '').replace(/\r?\n\s+/g, ' ');
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const match = /^List-Unsubscribe:\s*<https:\/\/tolk\.test(\/api\/notifications\/unsubscribe\?token=[\w.-]+)>$/.exec(
      line('list-unsubscribe'),
    );
    expect(match, line('list-unsubscribe')).not.toBeNull();
    unsubscribe = match![1]!;
    expect(mail!.text).toContain(`https://tolk.test${unsubscribe}`);
  });

  it('sends at most one per period: what comes later waits for the period’s end', async () => {
    const cleo = await newAccount(t.app, { displayName: 'Cleo', language: 'en' });
    await askToConnect(cleo, ana);
    expect(to(await afterDelay(), 'ana@example.org')).toEqual([]);
    const later = await t.app.db
      .select()
      .from(outbox)
      .where(like(outbox.key, `digest:${ana.userId}:after:%`));
    expect(later).toHaveLength(1);
    expect(later[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });

  it('is not sent to a member with a device connected, nor to an address not verified', async () => {
    const dora = await mailable('Dora', 'en', 'dora@example.org');
    const socket = await connectSocket(t.app, dora.token);
    const eve = await newAccount(t.app, { displayName: 'Eve', language: 'en' });
    await t.app.db.update(accounts).set({ email: 'eve@example.org' }).where(eq(accounts.id, eve.userId));
    try {
      await askToConnect(ben, dora);
      await askToConnect(ben, eve);
      const mails = await afterDelay();
      expect(to(mails, 'dora@example.org')).toEqual([]);
      expect(to(mails, 'eve@example.org')).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('asks before unsubscribing when the link is opened, and stops every notification mail on the one-click POST', async () => {
    const page = await t.app.inject({ method: 'GET', url: unsubscribe });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="fr"');
    expect(page.body).toContain('method="post"');
    // Opening the page changed nothing.
    const settings = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/notifications/settings', headers: ana.headers })
      ).json<NotificationSettings>();
    expect((await settings()).topics.connection.email).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain(serverTexts('fr').t('unsubscribe.done'));
    expect(Object.values((await settings()).topics).map((topic) => topic.email)).toEqual(
      NOTIFICATION_TOPICS.map(() => false),
    );
    // Push is as it was.
    expect((await settings()).topics.connection.push).toBe(true);
  });

  it('refuses a link it did not sign', async () => {
    const forged = unsubscribe.replace(/token=([\w-]+)\./, `token=${ben.userId}.`);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: forged });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(serverTexts('en').t('unsubscribe.invalid'));
    }
  });
});
