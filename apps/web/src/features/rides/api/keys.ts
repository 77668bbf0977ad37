/** Query keys of the rides feature (offer, search, places). */
export const ridesKeys = {
  all: ['rides'] as const,
  locations: (kind: 'from' | 'to', q: string) => ['rides', 'locations', kind, q] as const,
  search: (params: object) => ['rides', 'search', params] as const,
};
