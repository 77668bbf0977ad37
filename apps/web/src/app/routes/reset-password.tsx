/** Route module: the screen lives in its feature folder. */
export { ResetPasswordScreen as Component } from '@/features/auth/components/reset-password-screen';
