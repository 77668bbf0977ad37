import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, okEnvelope, signIn } from '@/test/render';
import { MSG } from '@saathchalo/shared';
import { openEditRide, renderDashboard, serve } from './dashboard-testing';
import { buildRide } from './fixtures';

/** Bengaluru 08:00 → Maddur 08:50 (typed) → Mandya 09:10 (estimated) → Mysuru 10:00. */
const stops = [
  ['Bengaluru', '08:00', false, 12.97, 77.59],
  ['Maddur', '08:50', false, 12.58, 77.04],
  ['Mandya', '09:10', true, 12.52, 76.9],
  ['Mysuru', '10:00', false, 12.3, 76.64],
].map(([place, time, estimated, lat, lng], index, all) => ({
  index,
  place: place as string,
  time: time as string,
  date: '2030-06-15',
  lat: lat as number,
  lng: lng as number,
  estimated: estimated as boolean,
  seatsToNext: index === all.length - 1 ? null : 3,
}));

describe('Dashboard: editing the departure of a ride with stops', () => {
  it("moves the stops' typed times with the departure, so a later start does not put them on the next day", async () => {
    signIn();
    let body: { departureTime?: string; stops?: unknown } = {};
    serve(
      {
        rides: [
          Object.assign(buildRide({ from: 'Bengaluru', to: 'Mysuru', departureTime: '08:00' }), {
            stops,
            distanceKm: 128,
          }),
        ],
      },
      {
        'GET /api/places': () => okEnvelope([]),
        'PUT /api/rides/r1/update': async (req) => {
          body = (await req.json()) as typeof body;
          return okEnvelope(buildRide(), 'Ride updated successfully');
        },
      },
    );
    const user = userEvent.setup();
    renderDashboard();
    const dialog = await openEditRide(user, 'Bengaluru to Mysuru');
    const stopTime = () =>
      (within(dialog).getByLabelText('Stop 1 time (optional)') as HTMLInputElement).value;

    fireEvent.change(within(dialog).getByLabelText('Departure Time'), { target: { value: '10:00' } });
    await waitFor(() => expect(stopTime()).toBe('10:50'));
    expect((within(dialog).getByLabelText('Stop 2 time (optional)') as HTMLInputElement).value).toBe('');

    // A time the driver types after that is theirs.
    fireEvent.change(within(dialog).getByLabelText('Stop 1 time (optional)'), { target: { value: '11:05' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Ride' })).toBeNull());
    expect(body.departureTime).toBe('10:00');
    expect(body.stops).toEqual([
      { place: 'Maddur', time: '11:05' },
      { place: 'Mandya', time: null },
    ]);
  });

  it("shows the server's refusal of a stop's time beside that stop", async () => {
    signIn();
    serve(
      {
        rides: [
          Object.assign(buildRide({ from: 'Bengaluru', to: 'Mysuru', departureTime: '08:00' }), {
            stops,
            distanceKm: 128,
          }),
        ],
      },
      {
        'GET /api/places': () => okEnvelope([]),
        'PUT /api/rides/r1/update': () =>
          json(
            {
              ...{ success: false, message: 'Validation failed', error: MSG.stopTimeOrder },
              data: { 'stops.0.time': MSG.stopTimeOrder },
            },
            400,
          ),
      },
    );
    const user = userEvent.setup();
    renderDashboard();
    const dialog = await openEditRide(user, 'Bengaluru to Mysuru');
    fireEvent.change(within(dialog).getByLabelText('Stop 1 time (optional)'), { target: { value: '07:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const time = within(dialog).getByLabelText('Stop 1 time (optional)');
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
    expect(
      (time.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain(MSG.stopTimeOrder);
  });
});
