/** Route module: the public shared-trip page, its own small chunk (no data layer, no dialogs). */
export { TripScreen as Component } from '@/features/safety/components/trip-screen';
