import type { Faq } from '../content/faq';

/** Questions that open to show their answer (native disclosure: keyboard and screen reader ready). */
export function FaqList({ faqs }: { faqs: Array<Faq & { category?: string }> }) {
  return (
    <ul className="mt-4 space-y-3">
      {faqs.map((f) => (
        <li key={f.q}>
          <details className="group rounded-xl border border-slate-200 bg-white p-4">
            <summary className="cursor-pointer list-none font-medium marker:hidden">
              <span className="flex items-start justify-between gap-3">
                <span>
                  {f.q}
                  {f.category ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{f.category}</span> : null}
                </span>
                <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-45">+</span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">{f.a}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}
