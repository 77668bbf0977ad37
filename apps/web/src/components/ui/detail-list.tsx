import type { ReactNode } from 'react';

/** A definition list of label and value rows, as the details dialogs show them. */
export function DetailList({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
