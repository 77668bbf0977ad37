import * as Menu from '@radix-ui/react-dropdown-menu';
import { CheckCircle2, MoreVertical, Pencil, RotateCcw, Trash2, XCircle } from 'lucide-react';
import type { Ride, RideStatus } from '@saathchalo/shared';
import { rideMenuId } from '../utils/ride-menu-id';
import { nextStatuses, statusActionLabel } from '../utils/status-rules';
import { rideMenuLabel, rideMenuTriggerClass } from './ride-menu-trigger';

const statusIcon: Record<RideStatus, typeof CheckCircle2> = {
  COMPLETED: CheckCircle2,
  CANCELLED: XCircle,
  ACTIVE: RotateCcw,
};

const item =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2.5 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

export interface RideActionsMenuProps {
  ride: Ride;
  disabled?: boolean;
  onEdit(): void;
  onStatus(next: RideStatus): void;
  onDelete(): void;
}

/** Open as it comes: it takes the Manage button's place at the tap that opens it (ride-actions-menu.tsx). */
interface MenuState {
  defaultOpen?: boolean;
}

/** Edit, the allowed status changes and delete, in an accessible menu (arrow keys, Escape, focus return). */
export default function RideActionsMenuContent({
  ride,
  disabled,
  onEdit,
  onStatus,
  onDelete,
  defaultOpen,
}: RideActionsMenuProps & MenuState) {
  const statuses = nextStatuses(ride);
  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      <Menu.Trigger
        id={rideMenuId(ride.id)}
        disabled={disabled}
        aria-label={rideMenuLabel(ride)}
        className={rideMenuTriggerClass}
      >
        <MoreVertical aria-hidden="true" className="h-5 w-5" />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={4}
          className="z-30 min-w-52 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          {ride.status === 'ACTIVE' ? (
            <Menu.Item className={item} onSelect={onEdit}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit Ride
            </Menu.Item>
          ) : null}
          {statuses.map((s) => {
            const Icon = statusIcon[s];
            return (
              <Menu.Item key={s} className={item} onSelect={() => onStatus(s)}>
                <Icon aria-hidden="true" className="h-4 w-4" />
                {statusActionLabel[s]}
              </Menu.Item>
            );
          })}
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item className={`${item} text-red-700`} onSelect={onDelete}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete Ride
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
