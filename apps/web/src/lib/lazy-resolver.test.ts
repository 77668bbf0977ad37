import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

type Values = { a: string };
const real: Resolver<Values, unknown, Values> = async (values) => ({ values, errors: {} });
const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof real>[2];

describe('lazyResolver', () => {
  it('loads once, on preload or on the first validation, and validates with what it loaded', async () => {
    const load = vi.fn(async () => real);
    const v = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    v.preload();
    v.preload();
    expect(await v.resolver({ a: 'x' }, undefined, options)).toEqual({ values: { a: 'x' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says a failed load is the network (the form shows it), and tries again on the next validation', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const v = lazyResolver<Values, Values>(load);
    expect(await v.resolver({ a: 'x' }, undefined, options)).toEqual({
      values: {},
      errors: {
        root: { type: 'network', message: 'Network error. Please check your connection and try again.' },
      },
    });
    expect(await v.resolver({ a: 'y' }, undefined, options)).toEqual({ values: { a: 'y' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
