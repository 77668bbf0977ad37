import type { AuthResult, User } from '@saathchalo/shared';
import { api, ApiError } from '@/lib/api-client';
import { getSession, setSession, updateSession } from '@/lib/session';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  firstName: string;
  lastName: string;
  phone: string;
  location: string | null;
}

/**
 * A refusal that carried no words of its own gets the service's default text (specification section 8:
 * login 'Login failed', registration 'Registration failed', ...).
 */
async function withDefault<T>(call: Promise<T>, fallback: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && /^API call failed with status \d+$|^An error occurred$/.test(err.message)) {
      throw new ApiError(fallback, err.status, err.body);
    }
    throw err;
  }
}

/** The stored session: the user's fields plus token, refreshToken and emailVerified (section 3). */
export function storeAuthResult({ user, token, refreshToken }: AuthResult): void {
  setSession({ ...user, token, refreshToken, emailVerified: user.emailVerified });
}

export async function login(credentials: Credentials): Promise<AuthResult> {
  const res = await withDefault(api.post<AuthResult>('/auth/login', credentials), 'Login failed');
  storeAuthResult(res.data);
  return res.data;
}

export async function register(body: Registration): Promise<{ result: AuthResult; message: string }> {
  const res = await withDefault(api.post<AuthResult>('/auth/register', body), 'Registration failed');
  storeAuthResult(res.data);
  return { result: res.data, message: res.message };
}

/** The address travels in the JSON body, not the query string (CONTRACT section 6). */
export const requestPasswordReset = (email: string) =>
  withDefault(api.post<null>('/auth/forgot-password', { email }), 'Password reset request failed');

/** Token and new password travel in the JSON body (CONTRACT section 6). */
export const resetPassword = (token: string, newPassword: string) =>
  withDefault(api.post<null>('/auth/reset-password', { token, newPassword }), 'Password reset failed');

const verifying = new Map<string, Promise<User | null>>();

/**
 * A verification token works once, so a second mount of the screen (React's strict mode, a re-render)
 * shares the first call instead of spending the token twice. The stored user gets emailVerified true.
 */
export function verifyEmail(token: string): Promise<User | null> {
  let pending = verifying.get(token);
  if (!pending) {
    pending = withDefault(api.post<User | null>('/auth/verify-email', { token }), 'Email verification failed').then((res) => {
      if (getSession()) updateSession({ emailVerified: true });
      return res.data;
    });
    pending.catch(() => verifying.delete(token));
    verifying.set(token, pending);
  }
  return pending;
}
