import { MoreVertical } from 'lucide-react';
import { useDialogOpener } from '@/components/ui/use-dialog-opener';
import { rideMenuId } from '../utils/ride-menu-id';
import type { RideActionsMenuProps } from './ride-actions-menu-content';
import { rideMenuLabel, rideMenuTriggerClass } from './ride-menu-trigger';

let loaded: typeof import('./ride-actions-menu-content') | undefined;

// The menu's positioning code is the largest part of the dashboard: it loads next to the data, not before the screen.
export const loadRideActionsMenu = () =>
  import('./ride-actions-menu-content').then((code) => (loaded = code));

/**
 * Edit, status changes and delete of a ride. Rendered lazily, a menu whose code failed to arrive (offline)
 * took the dashboard down to 'Something went wrong', whose Try again reloads a page that offline does not
 * come back. The Manage button is drawn here until its first tap, which opens the menu once its code is in
 * (at once when the dashboard's early fetch brought it) or, without it, keeps the dashboard and shows the
 * network message, as the dialogs do. The menu takes the button's place only at that tap: swapped while a
 * finger was on it, the button would lose the tap.
 */
export function RideActionsMenu(props: RideActionsMenuProps) {
  const opener = useDialogOpener<true>(loadRideActionsMenu);
  const Menu = opener.value ? loaded?.default : undefined;
  if (Menu) return <Menu {...props} defaultOpen />;
  return (
    <button
      type="button"
      id={rideMenuId(props.ride.id)}
      disabled={props.disabled}
      aria-label={rideMenuLabel(props.ride)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={rideMenuTriggerClass}
      onClick={() => void opener.open(true)}
    >
      <MoreVertical aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
