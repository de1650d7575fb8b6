import { describe, expect, it } from 'vitest';
import { fromLocalDateTime, toLocalDateTime, toOrderInput } from './order-form';

describe('the date and time of a service', () => {
  it('goes to the API as ISO with the browser’s offset at that date, the same moment', () => {
    for (const local of ['2030-01-15T09:30', '2030-07-03T10:00', '2030-07-03T23:45:30']) {
      const iso = fromLocalDateTime(local);
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(iso?.slice(0, 16)).toBe(local.slice(0, 16));
      expect(new Date(iso ?? '').getTime()).toBe(new Date(local).getTime());
    }
  });

  it('comes back from the API as the browser’s local date and time', () => {
    const iso = '2030-07-03T08:00:00.000Z';
    const local = toLocalDateTime(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(local).getTime()).toBe(new Date(iso).getTime());
  });

  it('is not one when it is not a date and time', () => {
    expect(fromLocalDateTime('')).toBeUndefined();
    expect(fromLocalDateTime('tomorrow')).toBeUndefined();
    expect(fromLocalDateTime('2030-13-45T10:00')).toBeUndefined();
  });

  it('is required for a service, in the future, and optional for an item', () => {
    const now = new Date('2030-07-01T00:00:00Z');
    const context = { thingId: 't', clientKey: 'k'.repeat(36) };
    const form = { quantity: '2', serviceAt: '', note: '' };
    expect(toOrderInput(form, { ...context, unit: 'hour' }, now).problems).toEqual({
      serviceAt: { key: 'orders.form.serviceAtRequired' },
    });
    expect(toOrderInput(form, { ...context, unit: 'item' }, now).problems).toEqual({});
    expect(
      toOrderInput({ ...form, serviceAt: '2030-06-01T10:00' }, { ...context, unit: 'person' }, now).problems,
    ).toEqual({ serviceAt: { key: 'orders.form.serviceAtFuture' } });
    expect(toOrderInput({ ...form, quantity: 'two' }, { ...context, unit: 'item' }, now).input.quantity).toBeNaN();
  });
});
