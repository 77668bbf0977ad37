import { UserRound } from 'lucide-react';
import { SAFETY_TEXT } from '../safety-text';

/** The mark of a ride only women may book, on result cards and ride details. */
export function WomenOnlyBadge({ womenOnly }: { womenOnly: boolean | undefined }) {
  if (!womenOnly) return null;
  return (
    <span
      title={SAFETY_TEXT.womenOnlyHint}
      className="inline-flex items-center gap-1 rounded-full bg-fuchsia-100 px-2.5 py-0.5 text-xs font-semibold text-fuchsia-900"
    >
      <UserRound aria-hidden="true" className="h-3.5 w-3.5" />
      {SAFETY_TEXT.womenOnly}
    </span>
  );
}
