import { lazy, Suspense } from 'react';
import type { RideActionsMenuProps } from './ride-actions-menu-content';

// The menu's positioning code is the largest part of the dashboard: it loads next to the data, not before the screen.
export const loadRideActionsMenu = () => import('./ride-actions-menu-content');
const Content = lazy(loadRideActionsMenu);

/** Edit, status changes and delete of a ride. Until its code is there, a same-sized blank keeps the layout still. */
export function RideActionsMenu(props: RideActionsMenuProps) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block h-11 w-11" />}>
      <Content {...props} />
    </Suspense>
  );
}
