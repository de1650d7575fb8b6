import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AccountPage,
  AdjustmentInput,
  Balance,
  LedgerIntegrity,
  Statement,
  TransferResult,
} from '@tolk/shared/schemas/ledger';
import type { Profile } from '@tolk/shared/schemas/profile';
import { testApp, type TestApp } from '../../test/build-app';
import { TEST_ADMIN_PASSWORD } from '../../test/constants';
import {
  expectError,
  expectForbidden,
  expectNotFound,
  newAccount,
  newTenantAccount,
  signIn,
  type Member,
} from '../../test/factories';
import { tinyPng, uploadPhoto } from '../uploads/upload-fixtures';

let t: TestApp;
let admin: Member;
let alice: Member;
/** A member of another tenant. */
let carol: Member;

beforeAll(async () => {
  t = await testApp();
  admin = await signIn(t.app, 'admin', TEST_ADMIN_PASSWORD);
  alice = await newAccount(t.app, { displayName: 'Alice Ledger' });
  carol = await newTenantAccount(t.app, `ledger-${randomUUID().slice(0, 8)}`);
});
afterAll(() => t.close());

const fundingTo = (member: Pick<Member, 'userId'>, amount: number, currency = 'EUR'): AdjustmentInput => ({
  from: { system: 'funding_sandbox' },
  to: { memberId: member.userId },
  currency,
  amount,
});

function adjust(input: AdjustmentInput, key?: string, as: Pick<Member, 'headers'> = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ledger/adjustments',
    headers: { ...as.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: input,
  });
}

async function posted(input: AdjustmentInput, key = randomUUID()): Promise<TransferResult> {
  const res = await adjust(input, key);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TransferResult>();
}

async function balances(member: Pick<Member, 'headers'>): Promise<Record<string, Balance>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ledger/balances', headers: member.headers });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json<{ items: Balance[] }>().items.map((item) => [item.currency, item]));
}

async function statement(member: Pick<Member, 'headers'>, ledgerAccountId: string, query = '') {
  return t.app.inject({
    method: 'GET',
    url: `/api/ledger/accounts/${ledgerAccountId}/transactions${query}`,
    headers: member.headers,
  });
}

async function integrity(): Promise<LedgerIntegrity> {
  const res = await t.app.inject({ method: 'GET', url: '/api/ledger/integrity', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LedgerIntegrity>();
}

describe('adjustments and idempotency', () => {
  it('funds a member once per key: a retried key answers 200 with the first transfer', async () => {
    const member = await newAccount(t.app);
    const key = randomUUID();
    const first = await posted(fundingTo(member, 5000), key);
    expect(first).toMatchObject({ replayed: false, transfer: { amount: 5000, currency: 'EUR', kind: 'adjustment' } });
    expect(first.transfer.reference).toEqual({ type: 'manual', id: key });

    const retry = await adjust(fundingTo(member, 5000), key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<TransferResult>()).toEqual({ transfer: first.transfer, replayed: true });
    // The key in the body works the same.
    const inBody = await adjust({ ...fundingTo(member, 5000), idempotencyKey: key });
    expect(inBody.json<TransferResult>().transfer.id).toBe(first.transfer.id);
    expect((await balances(member)).EUR).toMatchObject({ balance: 5000, noOverdraft: true });

    const otherMovement = await adjust(fundingTo(member, 7000), key);
    expect(expectError(otherMovement, 409, 'conflict').fields).toHaveProperty('idempotencyKey');
    expect((await balances(member)).EUR!.balance).toBe(5000);
  });

  it('posts one transfer when the same key races', async () => {
    const member = await newAccount(t.app);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => adjust(fundingTo(member, 1234), key)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((res) => res.json<TransferResult>().transfer.id)).size).toBe(1);
    expect((await balances(member)).EUR!.balance).toBe(1234);
  });

  it('needs a key, the same in header and body, and refuses members', async () => {
    expect(expectError(await adjust(fundingTo(alice, 100)), 400, 'validation_failed').fields).toHaveProperty(
      'idempotencyKey',
    );
    const differ = await adjust({ ...fundingTo(alice, 100), idempotencyKey: 'one' }, 'two');
    expect(expectError(differ, 400, 'validation_failed').fields).toHaveProperty('idempotencyKey');
    expectForbidden(await adjust(fundingTo(alice, 100), randomUUID(), alice));
    expect(await balances(alice)).toEqual({});
  });

  it('answers bad amounts, currencies and parties with field errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: 0 }, 'amount'],
      [{ amount: -5 }, 'amount'],
      [{ amount: 12.5 }, 'amount'],
      [{ amount: 10 ** 13 }, 'amount'],
      [{ currency: 'EURO' }, 'currency'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ to: { system: 'funding_sandbox' } }, 'to'],
      [{ to: { memberId: 'nope' } }, 'to'],
      [{ to: { system: 'the_bank' } }, 'to'],
    ];
    for (const [change, field] of cases) {
      const res = await adjust({ ...fundingTo(alice, 100), ...change }, randomUUID());
      const error = expectError(res, 400, 'validation_failed');
      expect(
        Object.keys(error.fields ?? {}).some((key) => key.startsWith(field)),
        JSON.stringify(change),
      ).toBe(true);
    }
    expectNotFound(await adjust(fundingTo({ userId: randomUUID() }, 100), randomUUID()));
    expect((await integrity()).ok).toBe(true);
  });
});

describe('overdraft and reversals', () => {
  it('refuses to take a member below zero with 409 insufficient_funds, and nothing moves', async () => {
    const payer = await newAccount(t.app);
    const payee = await newAccount(t.app);
    await posted(fundingTo(payer, 1000));
    const move = (amount: number) =>
      adjust(
        { from: { memberId: payer.userId }, to: { memberId: payee.userId }, currency: 'EUR', amount },
        randomUUID(),
      );
    const refused = await move(1001);
    expect(expectError(refused, 409, 'insufficient_funds').message).toBe('There is not enough money in this account.');
    expect((await balances(payer)).EUR!.balance).toBe(1000);
    // Its ledger account may have been opened for the transfer; nothing reached it.
    expect((await balances(payee)).EUR?.balance ?? 0).toBe(0);
    expect((await move(1000)).statusCode).toBe(201);
    expect((await balances(payer)).EUR!.balance).toBe(0);
    expect((await balances(payee)).EUR!.balance).toBe(1000);
    expect((await integrity()).ok).toBe(true);
  });

  it('reverses a transfer once with the opposite transfer linked to it', async () => {
    const member = await newAccount(t.app);
    const other = await newAccount(t.app);
    const funding = await posted(fundingTo(member, 3000));
    const reverse = (id: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ledger/transfers/${id}/reverse`,
        headers: { ...admin.headers, 'idempotency-key': key },
        payload: { memo: 'Funded by mistake' },
      });
    const key = randomUUID();
    const first = await reverse(funding.transfer.id, key);
    expect(first.statusCode, first.body).toBe(201);
    const reversal = first.json<TransferResult>().transfer;
    expect(reversal).toMatchObject({
      reversesId: funding.transfer.id,
      amount: 3000,
      debitAccountId: funding.transfer.creditAccountId,
      creditAccountId: funding.transfer.debitAccountId,
      memo: 'Funded by mistake',
    });
    expect((await balances(member)).EUR!.balance).toBe(0);

    const again = await reverse(funding.transfer.id, key);
    expect(again.statusCode).toBe(200);
    expect(again.json<TransferResult>()).toEqual({ transfer: reversal, replayed: true });
    expect(expectError(await reverse(funding.transfer.id, randomUUID()), 409, 'conflict').message).toBe(
      'This transfer was reversed already.',
    );
    expectError(await reverse(reversal.id, randomUUID()), 409, 'conflict');
    expectNotFound(await reverse(randomUUID(), randomUUID()));
    expectForbidden(
      await t.app.inject({
        method: 'POST',
        url: `/api/ledger/transfers/${funding.transfer.id}/reverse`,
        headers: { ...member.headers, 'idempotency-key': randomUUID() },
        payload: {},
      }),
    );

    // Money already spent cannot be taken back below zero.
    const spent = await posted(fundingTo(member, 500));
    await posted({ from: { memberId: member.userId }, to: { memberId: other.userId }, currency: 'EUR', amount: 400 });
    expectError(await reverse(spent.transfer.id, randomUUID()), 409, 'insufficient_funds');
    expect((await balances(member)).EUR!.balance).toBe(100);

    const ledgerAccountId = (await balances(member)).EUR!.ledgerAccountId;
    const lines = (await statement(member, ledgerAccountId)).json<Statement>().items;
    const undone = lines.find((line) => line.transferId === funding.transfer.id);
    expect(undone?.reversedById).toBe(reversal.id);
    expect(lines.find((line) => line.transferId === reversal.id)?.reversesId).toBe(funding.transfer.id);
    expect((await integrity()).ok).toBe(true);
  });

  it('keeps ledger rows unchangeable in the database itself', async () => {
    const member = await newAccount(t.app);
    const { transfer } = await posted(fundingTo(member, 700));
    const db = t.app.db;
    await expect(
      db.execute(sql`update ledger_postings set amount = amount * 2 where transfer_id = ${transfer.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_postings where transfer_id = ${transfer.id}`)).rejects.toThrow();
    await expect(db.execute(sql`update ledger_transfers set amount = 1 where id = ${transfer.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transfers where id = ${transfer.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update ledger_accounts set balance = -1 where id = ${transfer.creditAccountId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_accounts where id = ${transfer.creditAccountId}`)).rejects.toThrow();
    expect((await balances(member)).EUR!.balance).toBe(700);
  });
});

describe('statements', () => {
  it("shows a member their own entries with counterparties and running balances; others' are not found", async () => {
    const member = await newAccount(t.app, { displayName: 'Dora Statement' });
    const friend = await newAccount(t.app, { displayName: 'Finn Friend' });
    await posted(fundingTo(member, 2000));
    await posted({ from: { memberId: member.userId }, to: { memberId: friend.userId }, currency: 'EUR', amount: 750 });
    await posted(fundingTo(member, 125, 'JPY'));
    const mine = await balances(member);
    expect(Object.keys(mine).sort()).toEqual(['EUR', 'JPY']);
    const eur = mine.EUR!.ledgerAccountId;

    const res = await statement(member, eur);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Statement>();
    expect(body.account).toMatchObject({
      currency: 'EUR',
      balance: 1250,
      owner: { kind: 'member', name: 'Dora Statement' },
    });
    expect(body.items.map((line) => [line.kind, line.counterparty.name, line.amount, line.balanceAfter])).toEqual([
      ['adjustment', 'Finn Friend', -750, 1250],
      ['adjustment', 'Sandbox funding', 2000, 2000],
    ]);
    expect(body.items[1]!.counterparty).toMatchObject({ kind: 'system', system: 'funding_sandbox' });

    const friends = (await balances(friend)).EUR!.ledgerAccountId;
    const theirs = (await statement(friend, friends)).json<Statement>().items;
    expect(theirs.map((line) => [line.counterparty.name, line.amount])).toEqual([['Dora Statement', 750]]);

    for (const other of [friend, alice, carol]) expectNotFound(await statement(other, eur));
    expectNotFound(await statement(member, randomUUID()));
    expect((await statement(admin, eur)).statusCode).toBe(200);
    expectForbidden(await t.app.inject({ method: 'GET', url: '/api/ledger/integrity', headers: member.headers }));
    expectForbidden(await t.app.inject({ method: 'GET', url: '/api/ledger/system-accounts', headers: member.headers }));

    // A superadmin reads a member's balances by their id; a member cannot read another's.
    const byAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/ledger/balances?accountId=${member.userId}`,
      headers: admin.headers,
    });
    expect(byAdmin.json<{ items: Balance[] }>().items.map((item) => item.balance)).toEqual([1250, 125]);
    expectNotFound(
      await t.app.inject({
        method: 'GET',
        url: `/api/ledger/balances?accountId=${member.userId}`,
        headers: friend.headers,
      }),
    );
  });

  it('pages a statement by cursor without repeating or skipping an entry', async () => {
    const member = await newAccount(t.app);
    for (let i = 1; i <= 7; i++) await posted(fundingTo(member, i));
    const id = (await balances(member)).EUR!.ledgerAccountId;
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await statement(member, id, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      const page: Statement = res.json<Statement>();
      seen.push(...page.items.map((line) => line.amount));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expectError(await statement(member, id, '?cursor=nonsense'), 400, 'validation_failed');
  });

  it('exports a statement as CSV, oldest first, amounts as decimals, text quoted', async () => {
    const member = await newAccount(t.app, { displayName: 'Eve, "the exporter"' });
    const friend = await newAccount(t.app, { displayName: '=cmd()' });
    await posted({ ...fundingTo(member, 1250), memo: 'Welcome, "friend"\nsecond line' });
    await posted({ from: { memberId: member.userId }, to: { memberId: friend.userId }, currency: 'EUR', amount: 5 });
    const id = (await balances(member)).EUR!.ledgerAccountId;
    const res = await statement(member, id, '?format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tolk-ledger-EUR-[0-9a-f]{8}-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'date,kind,counterparty,reference_type,reference_id,amount,balance,currency,memo,transfer_id,reverses,reversed_by',
    );
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z,adjustment,Sandbox funding,manual,[0-9a-f-]{36},12\.50,12\.50,EUR,"Welcome, ""friend""\nsecond line",[0-9a-f-]{36},,$/,
    );
    expect(lines[2]).toMatch(/^[^,]+,adjustment,'=cmd\(\),manual,[0-9a-f-]{36},-0\.05,12\.45,EUR,,[0-9a-f-]{36},,$/);
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
    expectNotFound(await statement(friend, id, '?format=csv'));
  });
});

describe('my account page', () => {
  it('shows my profile, no subscription, my balances and my latest 10 entries, newest first', async () => {
    const member = await newAccount(t.app, { displayName: 'Page Owner', language: 'es' });
    for (let i = 1; i <= 11; i++) await posted(fundingTo(member, i * 100));
    await posted(fundingTo(member, 50, 'USD'));
    const res = await t.app.inject({ method: 'GET', url: '/api/account/page', headers: member.headers });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<AccountPage>();
    expect(page.profile).toMatchObject({
      id: member.userId,
      username: member.username,
      displayName: 'Page Owner',
      language: 'es',
      tenant: 'public',
      roles: 'user',
    });
    expect(page.subscription).toBeNull();
    expect(page.balances.map((b) => [b.currency, b.balance])).toEqual([
      ['EUR', 6600],
      ['USD', 50],
    ]);
    expect(page.transactions.map((line) => [line.currency, line.amount])).toEqual([
      ['USD', 50],
      ...[11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => ['EUR', i * 100]),
    ]);
    const empty = await t.app.inject({ method: 'GET', url: '/api/account/page', headers: carol.headers });
    expect(empty.json<AccountPage>()).toMatchObject({ balances: [], transactions: [] });
  });

  it('gives my profile photo once I have one, as my profile does', async () => {
    const member = await newAccount(t.app);
    const page = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/account/page', headers: member.headers })).json<AccountPage>();
    expect((await page()).profile.avatarUrl).toBeNull();
    const uploaded = await uploadPhoto(t.app, member.headers, await tinyPng(), {
      url: '/api/profile/avatar',
      method: 'PUT',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const avatarUrl = uploaded.json<Profile>().avatarUrl;
    expect(avatarUrl).toMatch(/^\/api\/avatars\//);
    expect((await page()).profile.avatarUrl).toBe(avatarUrl);
  });
});
