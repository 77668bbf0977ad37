/** Route module: the screen lives in its feature folder. */
export { HomeScreen as Component } from '@/features/marketing/components/home-screen';
