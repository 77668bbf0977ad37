/** Route module: the screen lives in its feature folder. */
export { SignUpScreen as Component } from '@/features/accounts/components/sign-up-screen';
