import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { TEST_ADMIN_PASSWORD } from '../test/constants';
import { tinyPng, uploadPhoto } from '../modules/uploads/upload-fixtures';
import { isUuid } from '../db/uuid';

/**
 * The records a fuzz run aims at: two members and a third to be suspended, the superadmin, a
 * chat with a muse, records, an order, a trip, a plaza with a guest... made through the API as a
 * client makes them. Every id any of their answers names goes into the pool requests draw from,
 * so paths and bodies name real records as well as made-up ones.
 */

export interface Session {
  username: string;
  password: string;
  userId: string;
  headers: Record<string, string>;
}

export interface World {
  member: Session;
  /** The other side of the member's chats and order. */
  friend: Session;
  admin: Session;
  guest: { plazaId: string; token: string; headers: Record<string, string> };
  /** Every id the fixtures' answers named. */
  ids: string[];
  /**
   * Ids by the collection they belong to, as the API's paths name it (`things`, `connect/trips`),
   * the member's own first.
   */
  idsByKind: Map<string, string[]>;
  /** Accounts requests must not suspend, reset or sign out through their path: the actors'. */
  actorIds: string[];
  usernames: string[];
  sessionIds: string[];
  tenantSlugs: string[];
  cityIds: number[];
  joinCodes: string[];
  conversationId: string;
  /** Fixtures that could not be made (the fuzz runs on without them; the summary names them). */
  missing: string[];
}

function collectIds(value: unknown, into: Set<string>) {
  if (typeof value === 'string' && isUuid(value)) into.add(value);
  else if (Array.isArray(value)) for (const item of value) collectIds(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectIds(item, into);
}

export async function signInAs(app: FastifyInstance, username: string, password: string): Promise<Session | null> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { username, password } });
  if (res.statusCode !== 200) {
    console.log('sign-in failed', username, res.statusCode, res.body);
    return null;
  }
  const body = res.json<{ token: string; userId: string }>();
  return { username, password, userId: body.userId, headers: { authorization: `Bearer ${body.token}` } };
}

async function register(app: FastifyInstance, language: string): Promise<Session> {
  const username = `fuzz-${language}-${randomUUID().slice(0, 8)}`;
  const password = `Tolk-${randomUUID()}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, password, language },
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const body = res.json<{ token: string; userId: string }>();
  return { username, password, userId: body.userId, headers: { authorization: `Bearer ${body.token}` } };
}

/** The id a creation answered with: its own, or that of the one record it wraps (`{ plaza: {...} }`). */
function mainId(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  if (typeof record.id === 'string') return record.id;
  for (const value of Object.values(record)) {
    if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string')
      return (value as { id: string }).id;
  }
  return undefined;
}

export async function makeWorld(app: FastifyInstance): Promise<World> {
  const ids = new Set<string>();
  const idsByKind = new Map<string, string[]>();
  const missing: string[] = [];
  const remember = (kinds: string[], id: string | undefined) => {
    if (!id) return;
    ids.add(id);
    for (const kind of kinds) idsByKind.set(kind, [...(idsByKind.get(kind) ?? []), id]);
  };
  /**
   * One request of the set-up: every id its answer names goes into the pool, and the id of what it
   * made under `kinds`. Null (and noted) if it failed.
   */
  async function call<T>(kinds: string[], options: InjectOptions): Promise<T | null> {
    const res = await app.inject(options);
    if (res.statusCode >= 300) {
      const url = typeof options.url === 'string' ? options.url : '';
      missing.push(`${String(options.method)} ${url}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      return null;
    }
    const body = res.body ? res.json<unknown>() : null;
    collectIds(body, ids);
    if (options.method === 'POST') remember(kinds, mainId(body));
    return body as T;
  }
  const as = (who: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): InjectOptions => ({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload }),
  });

  const member = await register(app, 'en');
  const friend = await register(app, 'es');
  const suspendable = await register(app, 'fr');
  const admin = await signInAs(app, 'admin', TEST_ADMIN_PASSWORD);
  if (!admin) throw new Error('The superadmin could not sign in.');
  // The account to suspend first: writes whose path names an account name it before any other.
  for (const session of [suspendable, friend, member, admin]) {
    remember(['accounts', 'members', 'connect/people', 'avatars'], session.userId);
  }

  const cities = await call<{ cities: { id: number }[] }>([], { method: 'GET', url: '/api/cities?q=Lisbon' });
  const cityIds = (cities?.cities ?? []).map((city) => city.id).slice(0, 3);
  const cityId = cityIds[0] ?? 2267057;
  for (const who of [member, friend])
    await call([], as(who, 'PUT', '/api/profile', { homeCityId: cityId, language: who === member ? 'en' : 'es' }));

  const direct = await call<{ id: string }>(
    ['conversations'],
    as(member, 'POST', '/api/conversations', { kind: 'direct', members: [friend.username] }),
  );
  const conversationId = direct?.id ?? randomUUID();
  await call(
    ['muses'],
    as(member, 'POST', `/api/conversations/${conversationId}/muses`, { clientId: randomUUID(), text: 'Hello there' }),
  );
  await call(
    ['conversations'],
    as(member, 'POST', '/api/conversations', {
      kind: 'group',
      members: [friend.username, suspendable.username],
      title: 'Trip',
    }),
  );
  const photo = await uploadPhoto(app, member.headers, await tinyPng());
  if (photo.statusCode === 201) remember(['uploads', 'photos'], mainId(photo.json()));
  else missing.push(`POST /api/uploads: ${photo.statusCode}`);

  await call(['persons'], as(member, 'POST', '/api/persons', { name: 'Rita', languages: ['pt'] }));
  await call(['places'], as(member, 'POST', '/api/places', { name: 'Café', kind: 'food', cityId }));
  const thing = { priceMinor: 2500, currency: 'EUR', unit: 'item', visibility: 'offered' };
  await call(['things'], as(member, 'POST', '/api/things', { ...thing, name: 'Bike' }));
  const offered = await call<{ id: string }>(['things'], as(friend, 'POST', '/api/things', { ...thing, name: 'Walk' }));
  const soon = new Date(Date.now() + 3 * 86_400_000).toISOString();
  const ordering = { thingId: offered?.id ?? randomUUID(), serviceAt: soon };
  const order = await call<{ id: string; version: number }>(
    ['orders', 'payables'],
    as(member, 'POST', '/api/orders', ordering),
  );
  if (order) {
    const accepted = await call([], as(friend, 'POST', `/api/orders/${order.id}/accept`, { version: order.version }));
    if (accepted)
      await call(['payments'], as(member, 'POST', `/api/orders/${order.id}/payments`, { provider: 'sandbox' }));
  }
  await call(['orders', 'payables'], as(member, 'POST', '/api/orders', { ...ordering, quantity: 2 }));

  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await call(
    ['connect/trips'],
    as(member, 'POST', '/api/connect/trips', { cityId, arrival: day(10), departure: day(14) }),
  );
  await call(
    ['connect/connections'],
    as(suspendable, 'POST', `/api/connect/people/${member.userId}/request`, { note: 'Hi' }),
  );
  await call(
    ['connect/connections'],
    as(member, 'POST', `/api/connect/people/${friend.userId}/request`, { note: 'Hola' }),
  );
  await call(
    ['reports'],
    as(member, 'POST', '/api/reports', { targetKind: 'profile', targetId: suspendable.userId, reason: 'spam' }),
  );
  const languages = { userLanguage: 'en', audienceLanguage: 'es' };
  await call(
    ['interpreter/profiles'],
    as(member, 'POST', '/api/interpreter/profiles', { name: 'Market', ...languages }),
  );
  await call(['plazas', 'conversations'], as(member, 'POST', '/api/plazas', languages));
  const plaza = await call<{ plaza: { id: string }; guestToken: string | null }>(['plazas', 'conversations'], {
    method: 'POST',
    url: '/api/plazas',
    payload: languages,
  });
  const guestToken = plaza?.guestToken ?? 'no-plaza';
  const guestHeaders = { 'x-plaza-token': guestToken };
  const invite = await call<{ joinCode: string }>([], {
    method: 'POST',
    url: `/api/plazas/${plaza?.plaza.id ?? randomUUID()}/invite`,
    headers: guestHeaders,
  });

  const slug = `fuzz-${randomUUID().slice(0, 8)}`;
  await call([], as(admin, 'POST', '/api/tenants', { slug, name: 'Fuzz' }));
  const plan = await call<{ id: string }>(
    ['plans'],
    as(admin, 'POST', '/api/plans', {
      name: 'Plus',
      interval: 'month',
      prices: [{ currency: 'EUR', amountMinor: 300 }],
    }),
  );
  if (plan)
    await call(
      ['subscriptions', 'payables'],
      as(friend, 'POST', '/api/subscriptions', { planId: plan.id, currency: 'EUR' }),
    );
  const funding = {
    from: { system: 'funding_sandbox' },
    to: { memberId: member.userId },
    currency: 'EUR',
    amount: 1000,
  };
  await call(
    ['ledger/transfers'],
    as(admin, 'POST', '/api/ledger/adjustments', { ...funding, idempotencyKey: randomUUID() }),
  );
  const balances = await call<{ items: { ledgerAccountId: string }[] }>([], as(member, 'GET', '/api/ledger/balances'));
  for (const item of balances?.items ?? []) remember(['ledger/accounts'], item.ledgerAccountId);
  const sessionIds = new Set<string>();
  collectIds(await call([], as(admin, 'GET', `/api/accounts/${suspendable.userId}/sessions`)), sessionIds);
  sessionIds.delete(suspendable.userId);

  return {
    member,
    friend,
    admin,
    guest: { plazaId: plaza?.plaza.id ?? randomUUID(), token: guestToken, headers: guestHeaders },
    ids: [...ids],
    idsByKind,
    actorIds: [member.userId, admin.userId],
    // The friend first: probes name them (a chat with them, a request to them).
    usernames: [friend.username, suspendable.username, member.username, 'admin'],
    sessionIds: [...sessionIds],
    tenantSlugs: [slug],
    cityIds,
    joinCodes: invite ? [invite.joinCode] : [],
    conversationId,
    missing,
  };
}
