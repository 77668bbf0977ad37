import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { json, mockFetch, okEnvelope, renderScreen } from '@/test/render';
import { ERR } from '@saathchalo/shared';
import { TRIP_TEXT, TripScreen } from './trip-screen';

const trip = {
  route: { from: 'Pune', to: 'Mumbai' },
  stops: [
    { index: 0, place: 'Pune', date: '2030-06-15', time: '08:30' },
    { index: 1, place: 'Lonavala', date: '2030-06-15', time: '09:40' },
    { index: 2, place: 'Mumbai', date: '2030-06-15', time: null },
  ],
  departureDate: '2030-06-15',
  departureTime: '08:30',
  status: 'CONFIRMED',
  driver: { firstName: 'Meera', rating: 4.9 },
  car: { model: 'Maruti Swift', number: 'MH 12 AB 1234' },
  passengerFirstName: 'Asha',
};

const renderTrip = (token = 'tok123') =>
  renderScreen(<TripScreen />, { route: `/trip/${token}`, path: '/trip/:token' });

describe('the shared trip page', () => {
  it('shows the trip to a signed-out visitor, with SOS calling 112 first and a WhatsApp share', async () => {
    const calls = mockFetch({ 'GET /api/trips/tok123': () => okEnvelope(trip) });
    renderTrip();
    expect(getSession()).toBeNull();
    const sos = screen.getByRole('link', { name: 'SOS: call 112' });
    expect(sos.getAttribute('href')).toBe('tel:112');
    expect(await screen.findByText('Meera')).toBeTruthy();
    const text = screen.getByRole('region', { name: 'Trip' }).textContent;
    for (const part of [
      'Pune',
      'Mumbai',
      'Lonavala',
      'Confirmed',
      '4.9',
      'Maruti Swift · MH 12 AB 1234',
      'Asha',
      '8:30 am',
    ]) {
      expect(text).toContain(part);
    }
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=/,
    );
    // No session, no bearer token: the page asks without signing anyone in.
    expect(calls[0]!.headers.get('authorization')).toBeNull();
  });

  it("says the server's words for a dead link, without loading the shared texts", () => {
    expect(TRIP_TEXT.dead).toBe(ERR.tripLinkDead);
  });

  it('says clearly when the link is dead', async () => {
    mockFetch({
      'GET /api/trips/gone': () =>
        json(
          {
            success: false,
            data: null,
            message: 'Not Found',
            error: 'This trip link has expired or is no longer valid',
          },
          404,
        ),
    });
    renderTrip('gone');
    expect(await screen.findByText('This trip link has expired or is no longer valid')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SOS: call 112' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).toBeNull();
  });

  it('says so when the network fails and loads the trip on Try again', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    renderTrip();
    expect(
      await screen.findByText('Failed to load the trip. Please check your connection and try again.'),
    ).toBeTruthy();

    mockFetch({ 'GET /api/trips/tok123': () => okEnvelope(trip) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Meera')).toBeTruthy();
    expect(
      screen.queryByText('Failed to load the trip. Please check your connection and try again.'),
    ).toBeNull();
  });
});
