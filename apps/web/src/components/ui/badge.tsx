import { cn } from '@/lib/cn';

/** Specification section 4: active/upcoming blue, confirmed green, pending yellow, completed grey, cancelled red. */
const colours: Record<string, string> = {
  ACTIVE: 'bg-blue-100 text-blue-800',
  UPCOMING: 'bg-blue-100 text-blue-800',
  CONFIRMED: 'bg-green-100 text-green-800',
  PENDING: 'bg-yellow-100 text-yellow-900',
  COMPLETED: 'bg-slate-200 text-slate-800',
  CANCELLED: 'bg-red-100 text-red-800',
};

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const key = status.toUpperCase();
  return (
    <span
      className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', colours[key] ?? 'bg-slate-100 text-slate-800', className)}
    >
      {key}
    </span>
  );
}
