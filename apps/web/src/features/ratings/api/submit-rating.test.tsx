import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { json, mockFetch, signIn } from '@/test/render';
import { useSubmitRating } from './submit-rating';

describe('submitting a rating', () => {
  it("marks what showed the ratee's rating stale: their profile and the rides that name them as driver", async () => {
    signIn();
    const qc = createQueryClient();
    const search = queryKeys.rides.search({ from: 'Nashik', to: 'Pune' });
    // Read moments ago, so fresh for the next 30 seconds: without the mark a reopened profile keeps 4.0 (1).
    qc.setQueryData(queryKeys.publicUser('d7'), { id: 'd7', rating: 4, ratingCount: 1 });
    qc.setQueryData(queryKeys.publicUser('someone-else'), { id: 'someone-else', rating: 3, ratingCount: 2 });
    qc.setQueryData(search, []);
    mockFetch({
      'POST /api/ratings': () =>
        json({ success: true, data: {}, message: 'Rating submitted successfully', error: null }, 201),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={qc}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useSubmitRating(), { wrapper });
    await result.current.mutateAsync({ rating: 5, comment: '', rideId: 'r7', rateeId: 'd7' });

    expect(qc.getQueryState(queryKeys.publicUser('d7'))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(search)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(queryKeys.publicUser('someone-else'))?.isInvalidated).toBe(false);
  });
});
