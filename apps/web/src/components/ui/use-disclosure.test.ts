import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDisclosure } from './use-disclosure';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('useDisclosure (the header menu on a phone)', () => {
  it('stays open when the page it was opened on renders late, and closes when the page moves on', () => {
    const { result, rerender } = renderHook(({ path }) => useDisclosure(path), {
      initialProps: { path: '/help' },
    });
    // The address bar has the new page; the router has not rendered it yet (a transition).
    window.history.pushState(null, '', '/find-ride');
    act(() => result.current.button.onClick());
    expect(result.current.open).toBe(true);

    rerender({ path: '/find-ride' });
    expect(result.current.open).toBe(true);

    rerender({ path: '/profile' });
    expect(result.current.open).toBe(false);
  });
});
