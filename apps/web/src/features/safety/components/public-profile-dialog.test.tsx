import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { PublicProfileDialog } from './public-profile-dialog';

const person = {
  id: 'd2',
  name: 'Meera Iyer',
  firstName: 'Meera',
  location: 'Pune',
  bio: null,
  profilePictureUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  phoneVerified: false,
  stats: { ridesCompleted: 1, driverCancellations: 0, cancellationRate: 0 },
  phone: null,
};

async function shown(counts: { rating: number; ratingCount: number; ridesOffered: number }) {
  signIn();
  mockFetch({ 'GET /api/users/d2': () => okEnvelope({ ...person, ...counts }) });
  renderScreen(<PublicProfileDialog userId="d2" name="Meera Iyer" onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Meera Iyer' });
  return within(dialog).findByText(/offered$/);
}

// The dot between the two sits apart by the line's gap, not by a space in the text.
describe("a driver's public profile", () => {
  it('counts one rating and one ride in the singular', async () => {
    const line = await shown({ rating: 4, ratingCount: 1, ridesOffered: 1 });
    expect(line.textContent).toBe('4.0 (1 rating)· 1 ride offered');
  });

  it('counts several in the plural', async () => {
    expect((await shown({ rating: 4.5, ratingCount: 12, ridesOffered: 20 })).textContent).toBe(
      '4.5 (12 ratings)· 20 rides offered',
    );
  });

  it('says a driver with no rating is not rated yet', async () => {
    expect((await shown({ rating: 0, ratingCount: 0, ridesOffered: 0 })).textContent).toBe(
      'Not rated yet· 0 rides offered',
    );
  });
});
