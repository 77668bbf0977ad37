import { describe, expect, it } from 'vitest';
import { clearSession } from './session';
import { signIn } from '@/test/render';
import { queryClient } from './query-client';

describe('signed-in query cache', () => {
  it('is emptied when the account changes, kept on a token refresh', () => {
    signIn({ id: 'a' });
    queryClient.setQueryData(['users', 'profile'], { id: 'a' });
    signIn({ id: 'a', token: 'refreshed' });
    expect(queryClient.getQueryData(['users', 'profile'])).toEqual({ id: 'a' });
    clearSession();
    expect(queryClient.getQueryData(['users', 'profile'])).toBeUndefined();
    signIn({ id: 'a' });
    queryClient.setQueryData(['users', 'profile'], { id: 'a' });
    signIn({ id: 'b' });
    expect(queryClient.getQueryData(['users', 'profile'])).toBeUndefined();
  });
});
