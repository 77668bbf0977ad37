/** Route module: the screen lives in its feature folder. */
export { ForgotPasswordScreen as Component } from '@/features/auth/components/forgot-password-screen';
