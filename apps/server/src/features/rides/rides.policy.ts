import { ERR } from '@saathchalo/shared';
import { forbidden } from '../../lib/errors.js';
import type { RideRecord } from '../marketplace/ride-record.js';

/** Only a ride's driver edits, deletes or changes the status of it (CONTRACT section 4). */
export const ridePolicy = {
  assertCanUpdate(ride: RideRecord, userId: string): void {
    if (ride.driverId !== userId) throw forbidden(ERR.notAuthorizedRideUpdate);
  },
  assertCanDelete(ride: RideRecord, userId: string): void {
    if (ride.driverId !== userId) throw forbidden(ERR.notAuthorizedRideDelete);
  },
  assertCanChangeStatus(ride: RideRecord, userId: string): void {
    if (ride.driverId !== userId) throw forbidden(ERR.notAuthorizedStatus);
  },
};
