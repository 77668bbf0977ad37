import { Lock } from 'lucide-react';
import { SAFETY_TEXT } from '../safety-text';

/** Where the chat button would be when the other person keeps their number until a confirmed booking. */
export function ContactHiddenNote({ className }: { className?: string }) {
  return (
    <p className={`inline-flex items-center gap-1.5 text-sm text-slate-700 ${className ?? ''}`}>
      <Lock aria-hidden="true" className="h-4 w-4 shrink-0" />
      {SAFETY_TEXT.contactAfterConfirm}
    </p>
  );
}
