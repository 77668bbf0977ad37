/** Route module: the screen lives in its feature folder. */
export { SignUpScreen as Component } from '@/features/auth/components/sign-up-screen';
