import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/test/render';
import { Header } from './header';

function renderHeader() {
  signIn();
  render(
    <MemoryRouter initialEntries={['/profile']}>
      <Header />
      <Routes>
        <Route path="/profile" element={<Link to="/safety">Safety tips</Link>} />
        <Route path="/safety" element={<h1>Safety</h1>} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const menuButton = (name: 'Open menu' | 'Close menu') =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name });
/** The phone's menu, the panel the button controls (the wide screen's links are there too, hidden by CSS). */
const mobileMenu = () => {
  const id = screen.getByRole('button', { name: /menu$/ }).getAttribute('aria-controls')!;
  const panel = document.getElementById(id);
  return panel ? within(panel) : null;
};

describe('header menu on a phone', () => {
  it('opened, takes focus to its first link; Escape closes it and takes focus back to the button', async () => {
    renderHeader();
    const user = userEvent.setup();
    await user.click(menuButton('Open menu'));
    expect(menuButton('Close menu').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(mobileMenu()!.getByRole('link', { name: 'Find Ride' }));

    await user.keyboard('{Tab}{Tab}');
    expect(document.activeElement).toBe(mobileMenu()!.getByRole('link', { name: 'My Commutes' }));
    await user.keyboard('{Escape}');
    expect(mobileMenu()).toBeNull();
    expect(document.activeElement).toBe(menuButton('Open menu'));
    expect(menuButton('Open menu').getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when a link of it is followed, leaving focus on the button', async () => {
    renderHeader();
    const user = userEvent.setup();
    await user.click(menuButton('Open menu'));
    await user.click(mobileMenu()!.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(mobileMenu()).toBeNull();
    expect(document.activeElement).toBe(menuButton('Open menu'));
  });

  it('closes when the page changes from outside it', async () => {
    renderHeader();
    const user = userEvent.setup();
    await user.click(menuButton('Open menu'));
    await user.click(screen.getByRole('link', { name: 'Safety tips' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Safety' })).toBeTruthy();
    expect(mobileMenu()).toBeNull();
    expect(menuButton('Open menu').getAttribute('aria-expanded')).toBe('false');
  });
});
