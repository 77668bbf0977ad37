import { sql } from 'kysely';
import type { RideStatus } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { rideQuery, toRideRecord, withPoints, type RideRecord } from '../marketplace/ride-record.js';
import { nonWomanHoldsOpenBooking } from '../marketplace/women-only.js';

export async function insertRide(db: Executor, ride: NewRide, nowMs: number): Promise<void> {
  await db
    .insertInto('rides')
    .values({
      id: ride.id,
      driver_id: ride.driverId,
      from_place_id: ride.fromPlaceId,
      to_place_id: ride.toPlaceId,
      from_name: ride.from,
      to_name: ride.to,
      departure_date: ride.departureDate,
      departure_time: ride.departureTime,
      departure_at: ride.departureAt,
      total_seats: ride.totalSeats,
      available_seats: ride.totalSeats,
      price_per_seat: ride.pricePerSeat,
      car_model: ride.carModel,
      car_number: ride.carNumber,
      additional_info: ride.additionalInfo,
      instant_booking: ride.instantBooking ? 1 : 0,
      women_only: ride.womenOnly ? 1 : 0,
      distance_km: ride.distanceKm,
      status: 'ACTIVE',
      deleted_at: null,
      created_at: nowMs,
      updated_at: nowMs,
    })
    .execute();
}

/** The driver's rides that still exist, latest departure first. */
export async function listDriverRides(db: Executor, driverId: string): Promise<RideRecord[]> {
  const rows = await rideQuery(db)
    .where('r.driver_id', '=', driverId)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.departure_at', 'desc')
    .orderBy('r.id')
    .execute();
  return withPoints(db, rows.map(toRideRecord));
}

export interface RideChanges {
  fromPlaceId: string;
  toPlaceId: string;
  from: string;
  to: string;
  departureDate: string;
  departureTime: string;
  departureAt: number;
  totalSeats: number;
  pricePerSeat: number;
  carModel: string;
  carNumber: string;
  additionalInfo: string | null;
  instantBooking: boolean;
  /** Absent (the demo's rides) is false. */
  womenOnly?: boolean;
  /** Great-circle km along the ride's points (route-plan.ts); null without coordinates. */
  distanceKm: number | null;
}

interface NewRide extends RideChanges {
  id: string;
  driverId: string;
}

/**
 * Edits an ACTIVE ride in one conditional statement: the new total must cover the seats held
 * right now, and available seats are recomputed from the held ones (total - available), so an
 * edit racing a booking can never lose or invent a seat. Returns false when the condition failed.
 */
export async function updateRideIfSeatsFit(
  db: Executor,
  id: string,
  c: RideChanges,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('rides')
    .set({
      from_place_id: c.fromPlaceId,
      to_place_id: c.toPlaceId,
      from_name: c.from,
      to_name: c.to,
      departure_date: c.departureDate,
      departure_time: c.departureTime,
      departure_at: c.departureAt,
      // Every SET expression reads the row as it was: new total minus the seats held until now.
      available_seats: sql<number>`${c.totalSeats} - (total_seats - available_seats)`,
      total_seats: c.totalSeats,
      price_per_seat: c.pricePerSeat,
      car_model: c.carModel,
      car_number: c.carNumber,
      additional_info: c.additionalInfo,
      instant_booking: c.instantBooking ? 1 : 0,
      women_only: c.womenOnly ? 1 : 0,
      distance_km: c.distanceKm,
      updated_at: nowMs,
    })
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`total_seats - available_seats <= ${c.totalSeats}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a ride between statuses only if it is still in the expected one (a lost race changes nothing). */
export async function changeRideStatus(
  db: Executor,
  rideId: string,
  from: RideStatus,
  to: RideStatus,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('rides')
    .set({ status: to, updated_at: nowMs })
    .where('id', '=', rideId)
    .where('status', '=', from)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function softDeleteRide(db: Executor, rideId: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('rides')
    .set((eb) => ({
      deleted_at: nowMs,
      updated_at: nowMs,
      // A deleted upcoming ride is also a cancelled one; a completed ride keeps its history.
      status: eb
        .case()
        .when('status', '=', 'ACTIVE')
        .then(sql.lit<RideStatus>('CANCELLED'))
        .else(eb.ref('status'))
        .end(),
    }))
    .where('id', '=', rideId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether anyone but a woman holds an open booking on the ride (section 9: it cannot be made women-only). */
export async function hasOpenBookingOfNonWoman(db: Executor, rideId: string): Promise<boolean> {
  const row = await db
    .selectFrom('rides as r')
    .select('r.id')
    .where('r.id', '=', rideId)
    .where((eb) => nonWomanHoldsOpenBooking(eb))
    .executeTakeFirst();
  return row !== undefined;
}
