import { fireEvent } from '@testing-library/react';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Form = { name: string };
const passing: Resolver<Form> = (values) => ({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads nothing while the form is only shown, and starts at the first touch, key or focus', () => {
    const load = vi.fn(() => Promise.resolve(passing));
    lazyResolver<Form>(load);
    expect(load).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'a' });
    fireEvent.pointerDown(document.body);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('checks a form sent before the reader touched anything, once the resolver is in', async () => {
    const load = vi.fn(() => Promise.resolve(passing));
    const resolver = lazyResolver<Form>(load);
    const result = await resolver({ name: 'Ana' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result).toEqual({ values: { name: 'Ana' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again at the next check after it failed', async () => {
    const load = vi.fn<() => Promise<Resolver<Form>>>().mockRejectedValueOnce(new Error('offline'));
    load.mockResolvedValue(passing);
    const resolver = lazyResolver<Form>(load);
    fireEvent.focusIn(document.body);
    const options = { fields: {}, shouldUseNativeValidation: false };
    await expect(resolver({ name: 'Ana' }, undefined, options)).rejects.toThrow('offline');
    await expect(resolver({ name: 'Ana' }, undefined, options)).resolves.toEqual({
      values: { name: 'Ana' },
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
