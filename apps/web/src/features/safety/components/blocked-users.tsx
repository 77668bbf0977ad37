import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { refusalOr } from '@/lib/refusal';
import { useBlockedUsers, useUnblockUser } from '../api/blocks';
import { SAFETY_TEXT } from '../safety-text';

export const BLOCKED_TEXT = {
  title: 'Blocked people',
  why: 'You and the people you block do not see each other’s rides and cannot book each other. Blocking someone cancels your bookings together on rides still to come.',
  none: 'You have not blocked anyone.',
  unblock: 'Unblock',
  failed: 'Failed to unblock. Please try again.',
  loadFailed: 'Failed to load the people you blocked.',
} as const;

/** The people the user blocked, each with Unblock. */
export function BlockedUsers() {
  const blocked = useBlockedUsers();
  const unblock = useUnblockUser();
  const titleId = useId();
  const onUnblock = (id: string) =>
    unblock.mutate(id, {
      onSuccess: () => notify.success(SAFETY_TEXT.unblocked),
      onError: (err) => notify.error(refusalOr(err, BLOCKED_TEXT.failed)),
    });
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {BLOCKED_TEXT.title}
      </h3>
      <p className="text-sm text-slate-700">{BLOCKED_TEXT.why}</p>
      {blocked.isPending ? (
        <Spinner label="Loading blocked people" />
      ) : blocked.isError ? (
        <p className="text-sm text-red-700">{BLOCKED_TEXT.loadFailed}</p>
      ) : blocked.data.length === 0 ? (
        <p className="text-sm text-slate-700">{BLOCKED_TEXT.none}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {blocked.data.map((u) => (
            <li key={u.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="font-medium text-slate-900">{u.name || u.firstName}</span>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onUnblock(u.id)}
                disabled={unblock.isPending}
                aria-label={`${BLOCKED_TEXT.unblock} ${u.name || u.firstName || ''}`.trim()}
              >
                {BLOCKED_TEXT.unblock}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
