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

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const v = lazyResolver<Values, Values>(load);
    await expect(v.resolver({ a: 'x' }, undefined, options)).rejects.toThrow('offline');
    expect(await v.resolver({ a: 'y' }, undefined, options)).toEqual({ values: { a: 'y' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
