import { OfferRideScreen } from '@/features/rides/components/offer-ride-screen';

export function Component() {
  return <OfferRideScreen />;
}
