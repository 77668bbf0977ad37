/** Route module: the screen lives in its feature folder. */
export { SignInScreen as Component } from '@/features/auth/components/sign-in-screen';
