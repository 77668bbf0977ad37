import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useDisclosure } from '@/components/ui/use-disclosure';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { clearSession, useSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-browser-value';
import { CarIcon, CloseIcon, LogOutIcon, MenuIcon } from './header-icons';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('block rounded-md px-3 py-2 text-sm font-medium', isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100');

export function Header() {
  const session = useSession();
  const navigate = useNavigate();
  const menu = useDisclosure(useLocation().pathname);
  const open = menu.open;
  // In HTML rendered at build time the menu cannot open until the app has taken the page over.
  const hydrated = useHydrated();

  // Logout clears the stored user even if the call fails (specification section 4). The API client
  // loads with the call, keeping it out of the first view's JavaScript.
  const logout = async () => {
    try {
      await (await import('@/features/accounts/api/logout')).logout();
    } catch {
      // the code could not load (offline): the local session is cleared regardless
    }
    clearSession();
    navigate(paths.home);
  };

  const links = session ? (
    <>
      <NavLink to={paths.findRide} className={linkClass}>Find Ride</NavLink>
      <NavLink to={paths.offerRide} className={linkClass}>Offer Ride</NavLink>
      <NavLink to={paths.myCommutes} className={linkClass}>My Commutes</NavLink>
      <NavLink to={paths.dashboard} className={linkClass}>Dashboard</NavLink>
      <NavLink to={paths.profile} className={linkClass}>Profile</NavLink>
      <button type="button" onClick={logout} className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 md:w-auto">
        <LogOutIcon /> Logout
      </button>
    </>
  ) : (
    <>
      <NavLink to={paths.signIn} className={linkClass}>Sign In</NavLink>
      <Link to={paths.join} className="block rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800">Join</Link>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
        <Link to={session ? paths.dashboard : paths.home} className="flex items-center gap-2 text-lg font-bold text-blue-800">
          <CarIcon className="h-6 w-6" /> SaathChalo
        </Link>
        <div className="hidden items-center gap-1 md:flex">{links}</div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          {...menu.button}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          disabled={!hydrated}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
      </nav>
      {open ? (
        <div id="mobile-menu" className="space-y-1 border-t border-slate-200 px-4 py-3 md:hidden" {...menu.panel} onClick={menu.close}>
          {links}
        </div>
      ) : null}
    </header>
  );
}
