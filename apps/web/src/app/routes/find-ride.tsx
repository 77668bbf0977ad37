import { FindRideScreen } from '@/features/rides/components/find-ride-screen';

export function Component() {
  return <FindRideScreen />;
}
