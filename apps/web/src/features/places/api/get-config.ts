import { useQuery } from '@tanstack/react-query';
import { contract, type ClientConfig } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const NONE: ClientConfig = { mapTilesUrl: null, mapAttribution: null };

/** GET /api/config: asked once a visit, by the first screen that draws a route. */
export function useClientConfig(): ClientConfig {
  const { data } = useQuery({
    queryKey: queryKeys.config,
    queryFn: async ({ signal }) => ({ ...NONE, ...(await api.call(contract.clientConfig, { signal })) }),
    staleTime: Infinity,
    gcTime: Infinity,
    // Without an answer the picture shows alone, as without tiles.
    retry: false,
  });
  return data ?? NONE;
}
