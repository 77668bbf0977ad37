import type { Ride } from '@saathchalo/shared';

/** The Manage button's look and name, the same before the menu's code is in and after. */
export const rideMenuTriggerClass =
  'inline-flex h-11 w-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50';

export const rideMenuLabel = (ride: Pick<Ride, 'from' | 'to'>) =>
  `Manage ride from ${ride.from} to ${ride.to}`;
