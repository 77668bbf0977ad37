import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** The signed-in guard is a check of the stored user (specification section 2). */
export function RequireAuth() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to={paths.signIn} replace />;
}
