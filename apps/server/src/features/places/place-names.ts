/**
 * Pure rules for place names: how a name is normalised once when stored, which search keys
 * ("terms") it gets, and how a typed query becomes an indexed prefix range over those keys.
 * The benchmark's data generator imports these too, so their behaviour is a stable contract.
 */

/**
 * Old and new (or colloquial and official) names of Indian places. Every name in a group
 * finds the places named by any other name in the group. Names are given already normalised.
 */
export const PLACE_ALIASES: readonly (readonly string[])[] = [
  ['bangalore', 'bengaluru'],
  ['bombay', 'mumbai'],
  ['new bombay', 'navi mumbai'],
  ['gurgaon', 'gurugram'],
  ['calcutta', 'kolkata'],
  ['madras', 'chennai'],
  ['poona', 'pune'],
  ['trivandrum', 'thiruvananthapuram'],
  ['baroda', 'vadodara'],
  ['mysore', 'mysuru'],
  ['mangalore', 'mangaluru'],
  ['cochin', 'kochi'],
  ['benares', 'banaras', 'kashi', 'varanasi'],
  ['allahabad', 'prayagraj'],
  ['pondicherry', 'puducherry'],
  ['simla', 'shimla'],
  ['vizag', 'visakhapatnam', 'vishakhapatnam', 'waltair'],
  ['calicut', 'kozhikode'],
  ['trichur', 'thrissur'],
  ['quilon', 'kollam'],
  ['alleppey', 'alappuzha'],
  ['cannanore', 'kannur'],
  ['palghat', 'palakkad'],
  ['trichy', 'tiruchirappalli', 'tiruchi'],
  ['tanjore', 'thanjavur'],
  ['tuticorin', 'thoothukudi'],
  ['conjeevaram', 'kanchipuram'],
  ['ooty', 'ootacamund', 'udhagamandalam'],
  ['hubli', 'hubballi'],
  ['belgaum', 'belagavi'],
  ['gulbarga', 'kalaburagi'],
  ['bellary', 'ballari'],
  ['bijapur', 'vijayapura'],
  ['shimoga', 'shivamogga'],
  ['tumkur', 'tumakuru'],
  ['hospet', 'hosapete'],
  ['chikmagalur', 'chikkamagaluru'],
  ['gauhati', 'guwahati'],
  ['orissa', 'odisha'],
  ['panjim', 'panaji'],
  ['aurangabad', 'chhatrapati sambhajinagar', 'sambhajinagar'],
  ['osmanabad', 'dharashiv'],
  ['ahmednagar', 'ahilyanagar'],
  ['thana', 'thane'],
  ['jubbulpore', 'jabalpur'],
  ['hoshangabad', 'narmadapuram'],
  ['cawnpore', 'kanpur'],
  ['faizabad', 'ayodhya'],
  ['mughalsarai', 'pandit deen dayal upadhyaya nagar', 'ddu nagar'],
  ['gaya', 'gaya ji'],
  ['broach', 'bharuch'],
  ['cambay', 'khambhat'],
  ['ahmedabad', 'amdavad'],
  ['nasik', 'nashik'],
  ['delhi', 'dilli'],
  ['darjeeling', 'darjiling'],
  ['rajahmundry', 'rajamahendravaram'],
  ['vijayawada', 'bezawada'],
  ['pondy', 'puducherry'],
  ['bhubaneshwar', 'bhubaneswar'],
  ['dehradun', 'dehra dun'],
  ['kanyakumari', 'cape comorin'],
  ['mhow', 'dr ambedkar nagar'],
  ['bandra kurla complex', 'bkc'],
];

// A stable lookup from one name to the others of its group(s), built once.
const aliasIndex: ReadonlyMap<string, readonly string[]> = (() => {
  const index = new Map<string, Set<string>>();
  for (const group of PLACE_ALIASES) {
    for (const name of group) {
      const others = index.get(name) ?? new Set<string>();
      for (const other of group) if (other !== name) others.add(other);
      index.set(name, others);
    }
  }
  return new Map([...index].map(([k, v]) => [k, [...v].sort()]));
})();

/** The longest alias in words, so alias detection inside a longer name stays bounded. */
const maxAliasWords = Math.max(...[...aliasIndex.keys()].map((k) => k.split(' ').length));

/**
 * The stored, comparable form of a place name: lower case, accents removed, punctuation turned
 * into spaces (apostrophes and dots simply dropped), and runs of spaces collapsed.
 * "  St. Thomas  Mount " -> "st thomas mount"; "Navi-Mumbai" -> "navi mumbai".
 */
export function normalizePlace(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/** The other known names of a normalised name or phrase ([] when it has none). */
export function aliasesOf(norm: string): readonly string[] {
  return aliasIndex.get(norm) ?? [];
}

/** Whether two typed names are one place: one normal form, or its old and new names (Bangalore, Bengaluru). */
export function samePlaceName(a: string, b: string): boolean {
  const norm = normalizePlace(a);
  const other = normalizePlace(b);
  return norm === other || aliasesOf(norm).includes(other);
}

/**
 * The search keys of a place: its normalised name, each of its words, and for every known
 * name inside it (a single word or a phrase like "new bombay") the other names of that place
 * with their words. A query matches a place when it is a prefix of one of these keys.
 * Sorted and without duplicates, so callers can insert them as they are.
 */
export function placeTerms(name: string): string[] {
  const norm = normalizePlace(name);
  if (!norm) return [];
  const terms = new Set<string>([norm]);
  const words = norm.split(' ');
  for (const w of words) terms.add(w);
  for (let size = 1; size <= Math.min(maxAliasWords, words.length); size += 1) {
    for (let i = 0; i + size <= words.length; i += 1) {
      const phrase = words.slice(i, i + size).join(' ');
      for (const alias of aliasesOf(phrase)) {
        terms.add(alias);
        for (const w of alias.split(' ')) terms.add(w);
      }
    }
  }
  return [...terms].sort();
}

/** What a typed search or autocomplete text is looked up as: the same normal form as stored names. */
export function queryTerm(q: string): string {
  return normalizePlace(q);
}

/**
 * Above every character a normalised term can hold. Terms compare byte-wise (SQLite BINARY,
 * PostgreSQL COLLATE "C"), and UTF-8 byte order is code point order, so
 * `term >= q AND term < q || PREFIX_MAX` selects exactly the terms starting with q, as an index range.
 */
const PREFIX_MAX = '\u{10FFFF}';

/** The half-open index range [low, high) of all terms that start with the query term. */
export function prefixRange(term: string): { low: string; high: string } {
  return { low: term, high: term + PREFIX_MAX };
}
