import type { z } from 'zod';
import type { rideForm } from '@saathchalo/shared';

/** The offer and edit form's values as typed and as validated (apart from the fields, so parts of the form name them without importing it). */
export type RideFormIn = z.input<typeof rideForm>;
export type RideFormOut = z.output<typeof rideForm>;
