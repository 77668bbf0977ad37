/** Route module: the screen lives in its feature folder. */
export { ForgotPasswordScreen as Component } from '@/features/accounts/components/forgot-password-screen';
