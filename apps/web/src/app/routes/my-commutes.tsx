import { MyCommutesScreen } from '@/features/commutes/components/my-commutes-screen';

export function Component() {
  return <MyCommutesScreen />;
}
