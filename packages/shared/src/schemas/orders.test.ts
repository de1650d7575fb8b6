import { describe, expect, it } from 'vitest';
import { awaitsAction, ORDER_STATES, orderActions } from './orders';

describe('what waits for a side', () => {
  it('is, for the seller, every state where they may do more than cancel: decide, or fulfil', () => {
    for (const state of ORDER_STATES) {
      for (const totalMinor of [0, 2500]) {
        const actions = orderActions(state, 'seller', totalMinor === 0).filter((action) => action !== 'cancel');
        expect(awaitsAction({ state, totalMinor }, 'seller'), `${state} ${totalMinor}`).toBe(actions.length > 0);
      }
    }
  });

  it('is, for the buyer, an accepted order to pay; a free one has nothing to pay', () => {
    const waiting = ORDER_STATES.flatMap((state) =>
      [0, 2500].filter((totalMinor) => awaitsAction({ state, totalMinor }, 'buyer')).map((total) => [state, total]),
    );
    expect(waiting).toEqual([['accepted', 2500]]);
  });
});
