import { contract } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { clearSession, getSession } from '@/lib/session';

/** Ends the session on the server; the stored user is cleared even if that call fails (section 4). */
export async function logout(): Promise<void> {
  const session = getSession();
  try {
    if (session?.token) await api.call(contract.logout, { body: { refreshToken: session.refreshToken } });
  } catch {
    // ignored: the local session is cleared regardless
  } finally {
    clearSession();
  }
}
