import type { UseFormReturn } from 'react-hook-form';

/**
 * The route part of a form that offers or edits a route (a ride, a commute): from, to, the stops between
 * them (CONTRACT section 7), the departure their times follow and the price the suggestion fills in.
 */
export interface RouteValues {
  from: string;
  to: string;
  departureTime: string;
  /** Text as typed (the suggestion writes it), or as the form's schema takes it. */
  pricePerSeat?: unknown;
  stops?: { place: string; time?: string | null | undefined }[] | undefined;
}

export type RouteForm = UseFormReturn<RouteValues>;

/**
 * A ride's or a commute's form seen as its route fields: both name them alike, so one stops editor, route
 * picture and suggested price serve both (react-hook-form's types cannot say "a form with these fields").
 */
export const routeForm = <T extends RouteValues>(form: UseFormReturn<T, unknown, any>): RouteForm =>
  form as unknown as RouteForm;
