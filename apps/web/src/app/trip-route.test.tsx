import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '@/components/ui/confirm';
import { json, mockFetch } from '@/test/render';
import { AppRoutes, preloadRoute } from './router';

describe('/trip/{token}', () => {
  it('opens without signing in, and preloads its own chunk rather than Home', async () => {
    mockFetch({ 'GET /api/trips/t1': () => json({ success: false, error: 'gone' }, 404) });
    await preloadRoute('/trip/t1', false);
    render(
      <MemoryRouter initialEntries={['/trip/t1']}>
        <ConfirmProvider>
          <AppRoutes />
        </ConfirmProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Shared trip' })).toBeTruthy();
    expect(await screen.findByText('This trip link has expired or is no longer valid')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sign in to SaathChalo' })).toBeNull();
  });
});
