import { BadgeCheck, ShieldCheck } from 'lucide-react';
import type { ReliabilityStats, TrustFacts } from '../model';
import { SAFETY_TEXT } from '../safety-text';

const pill = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';

/** "Email verified" and "Phone verified" marks; nothing for what is not verified. */
export function VerifiedBadges({ person }: { person: TrustFacts }) {
  if (!person.emailVerified && !person.phoneVerified) return null;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {person.emailVerified ? (
        <span className={`${pill} bg-sky-100 text-sky-900`}>
          <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
          {SAFETY_TEXT.emailVerified}
        </span>
      ) : null}
      {person.phoneVerified ? (
        <span className={`${pill} bg-emerald-100 text-emerald-900`}>
          <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
          {SAFETY_TEXT.phoneVerified}
        </span>
      ) : null}
    </span>
  );
}

/** The cancellation rate as a whole percentage; the server sends a fraction (0.25) or a percent (25). */
export function cancellationPercent(rate: number): number {
  return Math.round(rate <= 1 ? rate * 100 : rate);
}

/** "12 rides completed · 8% cancelled" — how a driver has kept their word, in the last 90 days. */
export function Reliability({ stats }: { stats: ReliabilityStats | undefined }) {
  if (!stats) return null;
  const rides = `${stats.ridesCompleted} ${stats.ridesCompleted === 1 ? 'ride' : 'rides'} completed`;
  return (
    <span className="text-xs text-slate-700">
      {rides} · {cancellationPercent(stats.cancellationRate)}% cancelled
    </span>
  );
}
