import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { HelpScreen, searchFaqs } from './help-screen';

describe('help', () => {
  it('has the five category tabs, General first', async () => {
    renderScreen(<HelpScreen />, { route: '/help' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['General', 'Booking', 'Payment', 'Safety', 'Account']);
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('What is SaathChalo?')).toBeTruthy();

    const u = userEvent.setup();
    await u.click(screen.getByRole('tab', { name: 'Payment' }));
    expect(screen.getByRole('tab', { name: 'Payment' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('When will I get my refund?')).toBeTruthy();
    expect(screen.queryByText('What is SaathChalo?')).toBeNull();

    await u.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Safety' }).getAttribute('aria-selected')).toBe('true');
  });

  it('searches question and answer text across categories', async () => {
    renderScreen(<HelpScreen />, { route: '/help' });
    const u = userEvent.setup();
    await u.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'refund');
    expect(screen.getByText('When will I get my refund?')).toBeTruthy();
    expect(screen.getByText('1 result for “refund”')).toBeTruthy();
    // A word found only in an answer.
    await u.clear(screen.getByRole('searchbox'));
    await u.type(screen.getByRole('searchbox'), 'whitefield');
    expect(screen.getByText('No results found')).toBeTruthy();
    await u.clear(screen.getByRole('searchbox'));
    await u.type(screen.getByRole('searchbox'), 'ID verify');
    expect(screen.queryByText('No results found')).toBeNull();
  });

  it('shows the no-results state and clears the search', async () => {
    renderScreen(<HelpScreen />, { route: '/help' });
    const u = userEvent.setup();
    await u.type(screen.getByRole('searchbox'), 'helicopter');
    expect(screen.getByText('No results found')).toBeTruthy();
    expect(screen.getByText('0 results for “helicopter”')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getAllByRole('tab')).toHaveLength(5);
  });

  it('matches answers as well as questions', () => {
    expect(searchFaqs('112').map((f) => f.q)).toContain('What do I do in an emergency?');
    expect(searchFaqs('   ')).toEqual([]);
  });
});
