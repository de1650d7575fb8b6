import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { BUSY_MESSAGE, createSendGate, type SendGate } from './send-gate';

let gate: SendGate | undefined;
afterEach(() => {
  gate?.close();
});

describe('the send gate', () => {
  it('refuses a send at once, with a time to come back, while the work on hand is at its limit', async () => {
    let fanOuts = 0;
    gate = createSendGate({ maxBacklog: 2, maxLoopDelayMs: 10_000, fanOuts: () => fanOuts });
    let finish: () => void = () => undefined;
    const first = gate.admit(
      () =>
        new Promise<string>(
          (resolve) =>
            (finish = () => {
              resolve('stored');
            }),
        ),
    );
    fanOuts = 1;
    const refused = await gate.admit(async () => 'stored').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'unavailable', message: BUSY_MESSAGE, headers: { 'retry-after': '1' } });
    expect(gate.shed).toBe(1);
    finish();
    await expect(first).resolves.toBe('stored');
    // The first send is stored and one muse is still being fanned out: room for one more.
    await expect(gate.admit(async () => 'again')).resolves.toBe('again');
  });

  it('lets a failed send go, so its place is free again', async () => {
    gate = createSendGate({ maxBacklog: 1, maxLoopDelayMs: 10_000, fanOuts: () => 0 });
    await expect(gate.admit(() => Promise.reject(new Error('no such conversation')))).rejects.toThrow('no such');
    await expect(gate.admit(async () => 'stored')).resolves.toBe('stored');
    expect(gate.shed).toBe(0);
  });
});
