import { contract, type AuthResult, type User } from '@saathchalo/shared';
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
    if (err instanceof ApiError && !err.hasServerText) {
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
  const result = await withDefault(api.call(contract.login, { body: credentials }), 'Login failed');
  storeAuthResult(result);
  return result;
}

export async function register(body: Registration): Promise<{ result: AuthResult; message: string }> {
  const res = await withDefault(api.send(contract.register, { body }), 'Registration failed');
  storeAuthResult(res.data);
  return { result: res.data, message: res.message };
}

/** The address travels in the JSON body, not the query string (CONTRACT section 6). */
export const requestPasswordReset = (email: string) =>
  withDefault(api.call(contract.forgotPassword, { body: { email } }), 'Password reset request failed');

/** Token and new password travel in the JSON body (CONTRACT section 6). */
export const resetPassword = (token: string, newPassword: string) =>
  withDefault(api.call(contract.resetPassword, { body: { token, newPassword } }), 'Password reset failed');

const verifying = new Map<string, Promise<User | null>>();

/**
 * A verification token works once, so a second mount of the screen (React's strict mode, a re-render)
 * shares the first call instead of spending the token twice. The stored user gets emailVerified true.
 */
export function verifyEmail(token: string): Promise<User | null> {
  let pending = verifying.get(token);
  if (!pending) {
    pending = withDefault(api.call(contract.verifyEmail, { body: { token } }), 'Email verification failed').then(
      (user: User | null) => {
        if (getSession()) updateSession({ emailVerified: true });
        return user;
      },
    );
    pending.catch(() => verifying.delete(token));
    verifying.set(token, pending);
  }
  return pending;
}
