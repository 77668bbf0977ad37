import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.js';
import { book, call, offerRide } from '../test/marketplace.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import type { Trx } from './database.js';
import { createUnitOfWork } from './unit-of-work.js';

describe('a unit of work', () => {
  const heard: string[] = [];
  const listener = {
    ridesChanged: () => heard.push('rides'),
    driverChanged: (id: string) => heard.push(`driver ${id}`),
    everythingChanged: () => heard.push('everything'),
  };
  const transaction = async <T>(work: (trx: Trx) => Promise<T>) => {
    const value = await work({} as Trx);
    heard.push('commit');
    return value;
  };

  it('tells what the use case declared only after the commit, then runs its effects', async () => {
    heard.length = 0;
    const unitOfWork = createUnitOfWork(transaction, listener);
    const value = await unitOfWork(async (_tx, after) => {
      after.driverChanged('d1');
      after.then(async () => void heard.push('file removed'));
      after.ridesChanged([{ departureDate: '2026-12-01', points: [] }]);
      heard.push('work done');
      return 42;
    });
    expect(value).toBe(42);
    expect(heard).toEqual(['work done', 'commit', 'driver d1', 'rides', 'file removed']);
  });

  it('tells nothing and runs nothing when the work fails', async () => {
    heard.length = 0;
    const unitOfWork = createUnitOfWork(transaction, listener);
    const failing = unitOfWork(async (_tx, after) => {
      after.everythingChanged();
      after.then(async () => void heard.push('file removed'));
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(heard).toEqual([]);
  });
});

describe('search pages and the bookings that change them', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a refused booking leaves the kept page served; a booking made voids it', async () => {
    const date = '2026-12-07';
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, {
      from: 'Pune',
      to: 'Satara',
      departureDate: date,
      passengers: 2,
    });
    const searcher = await createUser(ctx);
    const cars = async () =>
      (await call(ctx, 'GET', `/api/rides/search?from=pune&to=satara&date=${date}`, searcher)).body.data.map(
        (r: { carModel: string }) => r.carModel,
      );
    expect(await cars()).toEqual(['Maruti Swift']);
    // Written behind the app's back: only a kept page still shows the old car.
    await ctx.db.updateTable('rides').set({ car_model: 'Tata Nexon' }).where('id', '=', ride.id).execute();
    const refused = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, searcher, { seatsRequested: 3 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Not enough seats available');
    expect(await cars()).toEqual(['Maruti Swift']);
    await book(ctx, await createUser(ctx), ride.id, 1);
    expect(await cars()).toEqual(['Tata Nexon']);
  });
});
