/** Route module: the screen lives in its feature folder. */
export { SignInScreen as Component } from '@/features/accounts/components/sign-in-screen';
