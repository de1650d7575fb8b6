import { describe, expect, it } from 'vitest';
import { SignInThrottle, type Reservation } from './sign-in-throttle';

const limits = { windowMs: 60_000, perAccountAndAddress: 2, perAccount: 4, perAddress: 6 };

function throttleAt() {
  let now = 1_000_000;
  const throttle = new SignInThrottle(limits, { now: () => now });
  return { throttle, advance: (ms: number) => (now += ms) };
}

/** A failed attempt: the reservation is simply left counted. */
async function fail(throttle: SignInThrottle, username: string, address: string, device?: string) {
  expect((await throttle.reserve(username, address, device)).allowed).toBe(true);
}

const waitOf = (reservation: Reservation) => (reservation.allowed ? 0 : reservation.retryAfterSeconds);

describe('SignInThrottle', () => {
  it('allows attempts until the pair budget is spent, then tells how long to wait', async () => {
    const { throttle, advance } = throttleAt();
    await fail(throttle, 'Alice', '1.1.1.1');
    advance(10_000);
    await fail(throttle, 'alice', '1.1.1.1');
    // The first failure leaves the window 50 s from now.
    expect(waitOf(await throttle.reserve('ALICE', '1.1.1.1'))).toBe(50);
  });

  it('counts attempts still in flight, so parallel guesses cannot all pass the check', async () => {
    const { throttle } = throttleAt();
    // Nothing has settled yet: the reservations themselves fill the budget.
    const all = await Promise.all(Array.from({ length: 5 }, () => throttle.reserve('dave', '6.6.6.6')));
    expect(all.filter((r) => r.allowed)).toHaveLength(2);
    expect(all.filter((r) => !r.allowed).every((r) => waitOf(r) > 0)).toBe(true);
  });

  it('takes a successful attempt back', async () => {
    const { throttle } = throttleAt();
    await fail(throttle, 'erin', '7.7.7.7');
    const right = await throttle.reserve('erin', '7.7.7.8');
    if (!right.allowed) throw new Error('expected an allowed attempt');
    await right.succeeded();
    // Three failures from other addresses reach the account budget of 4 only with the success counted.
    for (const address of ['7.7.7.9', '7.7.7.10']) await fail(throttle, 'erin', address);
    expect((await throttle.reserve('erin', '7.7.7.11')).allowed).toBe(true);
  });

  it('never locks for good: the window passing frees the account', async () => {
    const { throttle, advance } = throttleAt();
    for (let i = 0; i < 4; i++) await fail(throttle, 'bob', `10.0.0.${i}`);
    expect(waitOf(await throttle.reserve('bob', '10.0.0.200'))).toBeGreaterThan(0);
    advance(60_001);
    expect((await throttle.reserve('bob', '10.0.0.200')).allowed).toBe(true);
  });

  it('clears the pair after a success but keeps the account and address budgets', async () => {
    const { throttle } = throttleAt();
    await fail(throttle, 'carol', '2.2.2.2');
    await fail(throttle, 'carol', '2.2.2.2');
    expect((await throttle.reserve('carol', '2.2.2.2')).allowed).toBe(false);
    const owner = await throttle.reserve('carol', '2.2.2.2', 'device-1');
    if (!owner.allowed) throw new Error('expected the known device to be let in');
    await owner.succeeded();
    expect((await throttle.reserve('carol', '2.2.2.2')).allowed).toBe(true);
    await fail(throttle, 'carol', '3.3.3.3');
    expect((await throttle.reserve('carol', '5.5.5.5')).allowed).toBe(false);
  });

  it('lets a known device past a spent account budget, within its own budget', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 4; i++) await fail(throttle, 'frank', `20.0.0.${i}`);
    expect((await throttle.reserve('frank', '20.0.1.1')).allowed).toBe(false);
    await fail(throttle, 'frank', '20.0.1.1', 'owner-phone');
    await fail(throttle, 'frank', '20.0.1.1', 'owner-phone');
    expect(waitOf(await throttle.reserve('frank', '20.0.1.1', 'owner-phone'))).toBeGreaterThan(0);
    // Another device of the owner has its own budget, but every device shares the address budget.
    expect((await throttle.reserve('frank', '20.0.1.1', 'owner-laptop')).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await fail(throttle, `sprayed-${i}`, '20.0.1.1');
    expect((await throttle.reserve('heidi', '20.0.1.1', 'heidi-phone')).allowed).toBe(false);
  });
});
