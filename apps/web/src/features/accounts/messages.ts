import { ApiError, NETWORK_ERROR, NetworkError } from '@/lib/api-client';

/** The screens' own texts (specification section 8). */
export const AUTH_TEXT = {
  invalidCredentials: 'Invalid email or password. Please check your credentials and try again.',
  loginFailed: 'Login failed. Please check your credentials.',
  accountExists: 'An account with this email already exists. Please sign in instead.',
  redirectingToSignIn: 'Redirecting you to sign in page in a few seconds...',
  registrationFailed: 'Registration failed. Please try again or sign in if you already have an account.',
  registrationFailedRetry: 'Registration failed. Please try again.',
  useValidEmail: 'Please use a valid email address.',
  passwordRequirements: 'Password does not meet requirements.',
  registered: 'Registration successful! Welcome to SaathChalo.',
  resetLinkSent: 'Password reset link has been sent to your email address.',
  resetLinkFailed: 'Failed to send password reset email.',
  resetDone: 'Password has been reset successfully. Redirecting to sign in...',
  resetFailed: 'Failed to reset password.',
  verified: 'Your email has been successfully verified! You can now access all features.',
  verifyFailed: 'Email verification failed. The link may be invalid or expired.',
} as const;

/** Sign in: wrong credentials, the server's words, or the network message for anything thrown. */
export function signInError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401 || err.code === 'INVALID_CREDENTIALS') return AUTH_TEXT.invalidCredentials;
    return err.message || AUTH_TEXT.loginFailed;
  }
  return NETWORK_ERROR;
}

export type SignUpError = { message: string; accountExists: boolean };

/** Sign up: an existing account, the server's words, or the mapped text of a thrown error. */
export function signUpError(err: unknown): SignUpError {
  if (err instanceof ApiError) {
    if (err.code === 'EMAIL_EXISTS') return { message: AUTH_TEXT.accountExists, accountExists: true };
    return { message: err.message || AUTH_TEXT.registrationFailed, accountExists: false };
  }
  if (err instanceof NetworkError) return { message: NETWORK_ERROR, accountExists: false };
  const text = err instanceof Error ? err.message : '';
  if (/network|fetch/i.test(text)) return { message: NETWORK_ERROR, accountExists: false };
  if (/email/i.test(text)) return { message: AUTH_TEXT.useValidEmail, accountExists: false };
  if (/password/i.test(text)) return { message: AUTH_TEXT.passwordRequirements, accountExists: false };
  return { message: AUTH_TEXT.registrationFailedRetry, accountExists: false };
}

/** The server's words for a refusal, the network message when the call never arrived, else the fallback. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.message || fallback;
  if (err instanceof NetworkError) return NETWORK_ERROR;
  return fallback;
}
