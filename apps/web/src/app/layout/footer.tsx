import { Link } from 'react-router';
import { paths, support } from '@/config/paths';
import { useBrowserValue } from '@/lib/use-browser-value';

const thisYear = () => new Date().getFullYear();

export function Footer() {
  const year = useBrowserValue(thisYear, undefined);
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">SaathChalo</p>
          <p className="mt-2 text-sm text-slate-300">Share the ride, split the cost, make the commute better.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-white">Explore</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li><Link className="inline-block py-1 hover:underline" to={paths.findRide}>Find a Ride</Link></li>
            <li><Link className="inline-block py-1 hover:underline" to={paths.offerRide}>Offer a Ride</Link></li>
            <li><Link className="inline-block py-1 hover:underline" to={paths.howItWorks}>How It Works</Link></li>
            <li><Link className="inline-block py-1 hover:underline" to={paths.safety}>Safety</Link></li>
            <li><Link className="inline-block py-1 hover:underline" to={paths.help}>Help</Link></li>
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold text-white">Support</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>Toll-free: <a className="hover:underline" href={`tel:${support.phone}`}>{support.phone}</a></li>
            <li>E-mail: <a className="hover:underline" href={`mailto:${support.email}`}>{support.email}</a></li>
            <li>24/7 safety line: <a className="hover:underline" href={`tel:${support.safetyLine}`}>{support.safetyLine}</a></li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4 py-4 text-xs text-slate-400">
          <span>{year === undefined ? '© SaathChalo' : `© ${year} SaathChalo`}</span>
          <a className="inline-block py-1 hover:underline" href="#privacy">Privacy Policy</a>
          <a className="inline-block py-1 hover:underline" href="#terms">Terms of Service</a>
          <a className="inline-block py-1 hover:underline" href="#guidelines">Community Guidelines</a>
        </div>
      </div>
    </footer>
  );
}
