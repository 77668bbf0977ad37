/** Route module: the screen lives in its feature folder. */
export { ProfileScreen as Component } from '@/features/profile/components/profile-screen';
