import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { addDays, istDate } from '@saathchalo/shared';
import { buildCommute } from '../testing/fixtures';
import { MyCommutesScreen } from './my-commutes-screen';

const today = istDate(Date.now());

/** Edits the commute's departure time in Edit Commute and answers the stops the PUT sent. */
async function stopsSentAfterMoving(
  departureTime: string,
  stops: { place: string; time: string | null }[],
  to: string,
) {
  let body: Record<string, unknown> = {};
  const commute = buildCommute({
    ...{ departureTime, startDate: addDays(today, 1), endDate: addDays(today, 90) },
    stops,
  });
  mockFetch({
    'GET /api/commutes/my': () => okEnvelope([commute]),
    'PUT /api/commutes/c1': async (req) => {
      body = (await req.json()) as Record<string, unknown>;
      return okEnvelope(commute, 'Commute updated successfully');
    },
  });
  const user = userEvent.setup();
  renderScreen(<MyCommutesScreen />, { route: '/my-commutes' });
  const card = await screen.findByRole('listitem', { name: 'Whitefield to Koramangala' });
  await user.click(within(card).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Commute' });
  const time = within(dialog).getByLabelText('Departure Time');
  await user.clear(time);
  await user.type(time, to);
  await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(body.departureTime).toBe(to));
  return body.stops;
}

describe('Edit Commute: a new departure time', () => {
  beforeEach(() => {
    signIn();
  });

  it('moves the typed stop times with it, so a stop is not left before the departure (the server reads that as the next day)', async () => {
    const stops = [
      { place: 'Marathahalli', time: '08:50' },
      { place: 'Bellandur', time: null },
    ];
    expect(await stopsSentAfterMoving('08:30', stops, '09:00')).toEqual([
      { place: 'Marathahalli', time: '09:20' },
      { place: 'Bellandur', time: null },
    ]);
  });

  it('across midnight, keeping each stop as long after the departure as it was', async () => {
    const stops = [{ place: 'Marathahalli', time: '23:50' }];
    expect(await stopsSentAfterMoving('23:30', stops, '23:45')).toEqual([
      { place: 'Marathahalli', time: '00:05' },
    ]);
  });
});
