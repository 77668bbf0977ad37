import { Star } from 'lucide-react';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { refusalOr } from '@/lib/refusal';
import { usePublicUser, type PublicProfile } from '../api/public-user';
import { Reliability, VerifiedBadges } from './trust-badges';
import { SafetyActions } from './safety-actions';

/** "1 rating", "12 ratings". */
const counted = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

function ProfileBody({ user, onClose }: { user: PublicProfile; onClose(): void }) {
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 text-slate-800">
        <Star aria-hidden="true" className="h-4 w-4 fill-current text-amber-600" />
        {user.ratingCount > 0
          ? `${user.rating.toFixed(1)} (${counted(user.ratingCount, 'rating')})`
          : 'Not rated yet'}
        <span className="text-slate-500">·</span> {counted(user.ridesOffered, 'ride')} offered
      </p>
      <VerifiedBadges person={user} />
      <p>
        <Reliability stats={user.stats} />
      </p>
      {user.location ? <p className="text-sm text-slate-700">{user.location}</p> : null}
      {user.bio ? <p className="whitespace-pre-line text-sm text-slate-800">{user.bio}</p> : null}
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
        <SafetyActions userId={user.id} name={user.firstName || user.name} onBlocked={onClose} />
      </div>
    </div>
  );
}

/** A person's public profile: rating, verified marks, reliability, and Report / Block. */
export function PublicProfileDialog({
  userId,
  name,
  onClose,
}: {
  userId: string;
  name: string;
  onClose(): void;
}) {
  const user = usePublicUser(userId);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={user.data?.name ?? name}>
      {user.isPending ? (
        <Spinner label="Loading profile" />
      ) : user.isError ? (
        <p className="text-sm text-red-700">{refusalOr(user.error, 'Failed to load the profile. Please try again.')}</p>
      ) : (
        <ProfileBody user={user.data} onClose={onClose} />
      )}
    </Dialog>
  );
}
