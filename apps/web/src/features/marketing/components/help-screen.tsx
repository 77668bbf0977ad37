import { Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { paths, support } from '@/config/paths';
import { cn } from '@/lib/cn';
import { HELP_CATEGORIES, HELP_FAQS, type Faq, type HelpCategory } from '../content/faq';
import { FaqList } from './faq-list';

/** Matches the search text against a question and its answer, ignoring case and extra spaces. */
export function searchFaqs(query: string): Array<Faq & { category: string }> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return HELP_CATEGORIES.flatMap(({ id, label }) =>
    HELP_FAQS[id]
      .filter((f) => {
        const text = `${f.q} ${f.a}`.toLowerCase();
        return words.every((w) => text.includes(w));
      })
      .map((f) => ({ ...f, category: label })),
  );
}

/** The answers matching the search text, or a way back to the categories. */
function HelpSearchResults({ base, query, onClear }: { base: string; query: string; onClear(): void }) {
  const results = useMemo(() => searchFaqs(query), [query]);
  return (
    <section aria-labelledby={`${base}-results`} className="mt-8">
      <h2 id={`${base}-results`} className="text-xl font-semibold">
        Search results
      </h2>
      <p role="status" className="mt-1 text-sm text-slate-700">
        {results.length === 1 ? '1 result' : `${results.length} results`} for “{query.trim()}”
      </p>
      {results.length ? (
        <FaqList faqs={results} />
      ) : (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold">No results found</p>
          <p className="mt-1 text-slate-700">
            Try other words, or browse the categories below after clearing the search.
          </p>
          <button type="button" onClick={onClear} className="mt-4 font-medium text-blue-700 hover:underline">
            Clear search
          </button>
        </div>
      )}
    </section>
  );
}

/** The categories as tabs, each with its questions. */
function HelpCategories({
  base,
  active,
  setActive,
}: {
  base: string;
  active: HelpCategory;
  setActive(c: HelpCategory): void;
}) {
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  // Arrow keys move between the tabs (WAI-ARIA tabs pattern).
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = HELP_CATEGORIES.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    setActive(HELP_CATEGORIES[next]!.id);
    tabs.current[next]?.focus();
  };

  return (
    <div className="mt-8">
      <div role="tablist" aria-label="Help categories" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2">
        {HELP_CATEGORIES.map(({ id, label }, i) => (
          <button
            key={id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${id}`}
            aria-selected={active === id}
            aria-controls={`${base}-panel`}
            tabIndex={active === id ? 0 : -1}
            onClick={() => setActive(id)}
            onKeyDown={(e) => onKeyDown(e, i)}
            className={cn(
              'shrink-0 rounded-full px-4 py-2 text-sm font-medium',
              active === id
                ? 'bg-blue-700 text-white'
                : 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`} className="mt-4">
        <h2 className="sr-only">{HELP_CATEGORIES.find((c) => c.id === active)?.label} questions</h2>
        <FaqList faqs={HELP_FAQS[active]} />
      </div>
    </div>
  );
}

/** Phone, mail and the safety guide. */
function StillNeedHelp() {
  return (
    <section className="mt-10 rounded-2xl bg-blue-50 p-6">
      <h2 className="text-lg font-semibold">Still need help?</h2>
      <p className="mt-1 text-slate-700">
        Call us toll-free on{' '}
        <a className="font-medium text-blue-800 underline" href={`tel:${support.phone}`}>
          {support.phone}
        </a>
        , write to{' '}
        <a className="font-medium text-blue-800 underline" href={`mailto:${support.email}`}>
          {support.email}
        </a>{' '}
        or read our{' '}
        <Link className="font-medium text-blue-800 underline" to={paths.safety}>
          safety guide
        </Link>
        .
      </p>
    </section>
  );
}

export function HelpScreen() {
  // The chosen category outlives a search, so clearing it comes back to where the reader was.
  const [active, setActive] = useState<HelpCategory>('general');
  const [query, setQuery] = useState('');
  const searching = query.trim() !== '';
  const base = useId();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Help Centre</h1>
      <p className="mt-2 text-slate-700">
        Answers to common questions about finding, offering and paying for rides.
      </p>

      <div className="relative mt-6">
        <label htmlFor={`${base}-search`} className="sr-only">
          Search help articles
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500"
        />
        <input
          id={`${base}-search`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search for answers..."
          className="block w-full rounded-lg border border-slate-300 bg-white py-3 pl-10 pr-3 text-base focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
        />
      </div>

      {searching ? (
        <HelpSearchResults base={base} query={query} onClear={() => setQuery('')} />
      ) : (
        <HelpCategories base={base} active={active} setActive={setActive} />
      )}

      <StillNeedHelp />
    </div>
  );
}
