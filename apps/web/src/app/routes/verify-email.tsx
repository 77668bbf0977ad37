/** Route module: the screen lives in its feature folder. */
export { VerifyEmailScreen as Component } from '@/features/accounts/components/verify-email-screen';
