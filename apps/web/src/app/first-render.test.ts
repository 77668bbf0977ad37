import { describe, expect, it } from 'vitest';
import { firstRender } from './first-render';

function root(prerendered?: string, session?: 'in' | 'out'): HTMLElement {
  const el = document.createElement('div');
  if (prerendered !== undefined) el.dataset.prerendered = prerendered;
  if (session !== undefined) el.dataset.session = session;
  return el;
}

const at = (pathname: string, search = '') => ({ pathname, search });

describe('the first render of the page', () => {
  it('hydrates a screen built for this path and this kind of visitor', () => {
    expect(firstRender(root('/signin', 'out'), at('/signin'), false)).toBe('hydrate');
    expect(firstRender(root('/signin', 'out'), at('/signin/'), false)).toBe('hydrate');
    expect(firstRender(root('/find-ride', 'in'), at('/find-ride'), true)).toBe('hydrate');
  });

  it('replaces a screen built for the same kind of visitor at another address', () => {
    expect(firstRender(root('/find-ride', 'in'), at('/find-ride', '?from=Pune&to=Mumbai'), true)).toBe('replace');
    expect(firstRender(root('/', 'out'), at('/no/such/page'), false)).toBe('replace');
  });

  it('clears a screen built for the other kind of visitor, which was never shown', () => {
    expect(firstRender(root('/', 'out'), at('/'), true)).toBe('clear');
    expect(firstRender(root('/find-ride', 'in'), at('/find-ride'), false)).toBe('clear');
  });

  it('renders into an empty shell', () => {
    expect(firstRender(root(), at('/dashboard'), true)).toBe('replace');
  });
});
