/** Route module: the screen lives in its feature folder. */
export { ResetPasswordScreen as Component } from '@/features/accounts/components/reset-password-screen';
