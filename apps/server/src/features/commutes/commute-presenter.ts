import type { Commute, Ride, Subscription } from '@saathchalo/shared';
import type { Audience } from '../marketplace/audience.js';
import type { CommuteRecord } from './commutes.repo.js';
import type { SubscriptionRecord } from './subscriptions.repo.js';

export function presentSubscription(s: SubscriptionRecord, commute: CommuteRecord): Subscription {
  return {
    seats: s.seats,
    days: s.days ?? commute.days,
    direction: s.direction,
    fromStop: s.fromStop,
    toStop: s.toStop,
  };
}

/**
 * The commute shape of CONTRACT section 8; the driver's phone as rides show it: through the viewer's
 * audience (section 9, decision 022), never copied from the row.
 */
export function presentCommute(
  c: CommuteRecord,
  audience: Audience,
  upcoming: Ride[],
  subscription: SubscriptionRecord | undefined,
): Commute {
  return {
    id: c.id,
    from: c.from,
    to: c.to,
    stops: c.stops,
    days: c.days,
    departureTime: c.departureTime,
    returnTime: c.returnTime,
    startDate: c.startDate,
    endDate: c.endDate,
    seats: c.seats,
    pricePerSeat: c.pricePerSeat,
    carModel: c.carModel,
    carNumber: c.carNumber,
    additionalInfo: c.additionalInfo,
    instantBooking: c.instantBooking,
    womenOnly: c.womenOnly,
    status: c.status,
    driver: {
      id: c.driver.id,
      name: c.driver.name,
      phone: audience.phoneOf(c.driver),
      rating: c.driver.rating,
    },
    upcoming,
    subscription: subscription ? presentSubscription(subscription, c) : null,
  };
}
