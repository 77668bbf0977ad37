import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

describe('main', () => {
  it("renders the address's screen into #root when the page came without a built one", async () => {
    document.body.innerHTML = '<div id="root"></div>';
    window.history.replaceState(null, '', '/how-it-works');
    await import('./main');
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'How SaathChalo works' },
      { timeout: 5000 },
    );
    expect(heading.closest('#root')).not.toBeNull();
  });
});
