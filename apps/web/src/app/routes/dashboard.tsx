import { DashboardScreen } from '@/app/screens/dashboard/dashboard-screen';

export function Component() {
  return <DashboardScreen />;
}
