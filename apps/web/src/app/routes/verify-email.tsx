/** Route module: the screen lives in its feature folder. */
export { VerifyEmailScreen as Component } from '@/features/auth/components/verify-email-screen';
