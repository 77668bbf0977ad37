import type { RideSlot } from '../features/rides/search-cache.js';
import type { ChangeListener } from './change-listener.js';
import type { Trx } from './database.js';
import type { WriteTransaction } from './group-commit.js';

/** What a use case declares, inside its transaction, to happen once that transaction has committed. */
export interface AfterCommit {
  /** Search pages listing these rides' place pair and date are stale (decision 008). */
  ridesChanged(rides: Iterable<RideSlot>): void;
  /** Search pages listing a ride of this driver are stale (their rating changed). */
  driverChanged(driverId: string): void;
  /** Every search page may be stale (a driver's name or phone, an account gone). */
  everythingChanged(): void;
  /** Work that must not run unless the change is kept, such as removing a file the change replaced. */
  then(effect: () => Promise<void>): void;
}

/** Runs `work` in one transaction; only once it has committed does what `after` collected happen. */
export type UnitOfWork = <T>(work: (tx: Trx, after: AfterCommit) => Promise<T>) => Promise<T>;

/**
 * Every write of every use case goes through one transaction runner (on SQLite, group commit), so the
 * after-commit notices cannot be forgotten by a service nor sent for a change that was rolled back.
 */
export function createUnitOfWork(transaction: WriteTransaction, changes: ChangeListener): UnitOfWork {
  return async (work) => {
    const notices: ((listener: ChangeListener) => void)[] = [];
    const effects: (() => Promise<void>)[] = [];
    const after: AfterCommit = {
      ridesChanged: (rides) => {
        const slots = [...rides];
        notices.push((l) => l.ridesChanged(slots));
      },
      driverChanged: (driverId) => notices.push((l) => l.driverChanged(driverId)),
      everythingChanged: () => notices.push((l) => l.everythingChanged()),
      then: (effect) => effects.push(effect),
    };
    const value = await transaction((tx) => work(tx, after));
    for (const notice of notices) notice(changes);
    for (const effect of effects) await effect();
    return value;
  };
}
