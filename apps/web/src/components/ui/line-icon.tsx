import type { ReactNode } from 'react';

/**
 * A bare 24 px line icon in the lucide style (paths copied from lucide, ISC licence). Used only where
 * the first view of / is drawn (header, Home), which must stay within its JavaScript budget
 * (docs/decisions/004); every other screen uses lucide-react.
 */
export function LineIcon({ children, className = 'h-6 w-6' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {children}
    </svg>
  );
}
