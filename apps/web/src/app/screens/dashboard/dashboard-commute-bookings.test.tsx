import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCommute, buildCommuteBooking } from '@/features/commutes/testing/fixtures';
import { json, okEnvelope, signIn } from '@/test/render';
import { CANCEL_REASON_TEXT, type Booking } from '@saathchalo/shared';
import { renderDashboard, serve, type Data } from './dashboard-testing';
import { buildMyBooking } from './fixtures';

const standing = (over: Partial<Booking>) => buildCommuteBooking(over);
const subscribed = buildCommute({
  driver: { id: 'd1', name: 'Ravi Kumar', phone: '9812345678', rating: 4.6 },
  subscription: { seats: 1, days: ['MON', 'WED'], direction: 'OUTBOUND', fromStop: null, toStop: null },
});

async function openBookings(user: ReturnType<typeof userEvent.setup>, count: number) {
  renderDashboard();
  await user.click(await screen.findByRole('tab', { name: `My Bookings (${count})` }));
  return screen.getByRole('tabpanel');
}

describe('Dashboard: standing bookings', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('groups the bookings of a commute under it, apart from single bookings', async () => {
    signIn();
    serve(
      { bookings: [standing({ id: 'b1' }), buildMyBooking(), standing({ id: 'b2', rideId: 'r2' })] },
      { 'GET /api/commutes/c1': () => okEnvelope(subscribed) },
    );
    const user = userEvent.setup();
    const panel = await openBookings(user, 3);
    const group = within(panel).getByRole('listitem', { name: /^Commute Whitefield to Koramangala/ });
    await waitFor(() =>
      expect(
        within(group).getByRole('heading', {
          level: 3,
          name: 'Commute Whitefield to Koramangala, Mon, Wed, 08:30',
        }),
      ).toBeTruthy(),
    );
    expect(within(group).getAllByRole('button', { name: 'Cancel Booking' })).toHaveLength(2);
    expect(within(panel).getAllByRole('button', { name: 'Cancel Booking' })).toHaveLength(3);
  });

  it("lists a commute's bookings soonest first, whatever order the server sends them in", async () => {
    signIn();
    // A standing booking books its rides at one instant, so the server's newest-first order says nothing.
    const on = (id: string, date: string) => {
      const b = standing({ id, rideId: `r-${id}` });
      return { ...b, ride: { ...b.ride, departureDate: date }, pickup: { ...b.pickup!, date } };
    };
    serve(
      { bookings: [on('b1', '2030-06-24'), on('b2', '2030-06-17'), on('b3', '2030-06-19')] },
      { 'GET /api/commutes/c1': () => okEnvelope(subscribed) },
    );
    const panel = await openBookings(userEvent.setup(), 3);
    const group = within(panel).getByRole('listitem', { name: /^Commute Whitefield to Koramangala/ });
    expect(
      within(group)
        .getAllByText(/Jun, 2030$/)
        .map((d) => d.textContent),
    ).toEqual(['Mon, 17 Jun, 2030', 'Wed, 19 Jun, 2030', 'Mon, 24 Jun, 2030']);
  });

  it("names a night shift's morning returns by the days they leave on", async () => {
    signIn();
    const morning = standing({ id: 'b1' });
    morning.ride = { ...morning.ride, departureTime: '06:00', direction: 'RETURN' };
    const night = buildCommute({
      ...{ departureTime: '22:00', returnTime: '06:00' },
      subscription: { seats: 1, days: ['MON', 'WED'], direction: 'RETURN', fromStop: null, toStop: null },
    });
    serve({ bookings: [morning] }, { 'GET /api/commutes/c1': () => okEnvelope(night) });
    const panel = await openBookings(userEvent.setup(), 1);
    expect(
      await within(panel).findByRole('heading', {
        level: 3,
        name: 'Commute Whitefield to Koramangala, Tue, Thu, 06:00',
      }),
    ).toBeTruthy();
  });

  it('stops booking a commute after confirmation: its open bookings are cancelled', async () => {
    signIn();
    const data: Data = { bookings: [standing({ id: 'b1' }), standing({ id: 'b2', rideId: 'r2' })] };
    const calls = serve(data, {
      'GET /api/commutes/c1': () => okEnvelope(subscribed),
      'DELETE /api/commutes/c1/subscriptions/mine': () => {
        data.bookings = data.bookings!.map((b) => ({
          ...b,
          status: 'CANCELLED' as const,
          cancelReason: 'PASSENGER' as const,
        }));
        return okEnvelope({ cancelled: 2 }, 'Standing booking cancelled');
      },
    });
    const user = userEvent.setup();
    const panel = await openBookings(user, 2);
    await user.click(await within(panel).findByRole('button', { name: 'Stop booking' }));
    const prompt = await screen.findByRole('dialog', { name: 'Stop booking this commute?' });
    await user.click(within(prompt).getByRole('button', { name: 'Stop booking' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My Bookings (0)' })).toBeTruthy());
    expect(
      calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/commutes/c1/subscriptions/mine')),
    ).toBe(true);
    expect(await screen.findByText('Standing booking cancelled')).toBeTruthy();
  });

  it('offers no Stop booking on a commute the passenger has no standing booking on', async () => {
    signIn();
    serve(
      { bookings: [standing({ id: 'b1' })] },
      { 'GET /api/commutes/c1': () => okEnvelope(buildCommute()) },
    );
    const user = userEvent.setup();
    const panel = await openBookings(user, 1);
    await waitFor(() => expect(within(panel).getByRole('heading', { name: /Mon–Fri, 08:30$/ })).toBeTruthy());
    expect(within(panel).queryByRole('button', { name: 'Stop booking' })).toBeNull();
  });

  it('offers no Stop booking on a commute that is gone (its driver deleted their account): it would only fail', async () => {
    signIn();
    const gone = { success: false, data: null, message: 'Commute not found', error: 'Commute not found' };
    let asked = false;
    const notFound = () => ((asked = true), json({ ...gone, code: 'COMMUTE_NOT_FOUND' }, 404));
    serve({ bookings: [standing({ id: 'b1' })] }, { 'GET /api/commutes/c1': notFound });
    const panel = await openBookings(userEvent.setup(), 1);
    const group = within(panel).getByRole('listitem', { name: /^Commute Whitefield to Koramangala/ });
    await waitFor(() => expect(asked).toBe(true));
    await waitFor(() => expect(within(group).queryByRole('button', { name: 'Stop booking' })).toBeNull());
    expect(within(group).getAllByRole('button', { name: 'Cancel Booking' })).toHaveLength(1);
  });

  it('says why each cancelled booking was cancelled', async () => {
    signIn();
    serve(
      {
        bookings: [
          standing({ id: 'b1', status: 'CANCELLED', cancelReason: 'RIDE_CANCELLED' }),
          buildMyBooking({ id: 'b2', status: 'CANCELLED', cancelReason: 'EXPIRED' }),
          buildMyBooking({ id: 'b3', status: 'CANCELLED', cancelReason: null }),
        ],
      },
      { 'GET /api/commutes/c1': () => okEnvelope(subscribed) },
    );
    const user = userEvent.setup();
    const panel = await openBookings(user, 0);
    await user.click(within(panel).getByRole('button', { name: 'Show cancelled bookings (3)' }));
    expect(within(panel).getByText('Expired: the driver did not answer in time')).toBeTruthy();
    expect(within(panel).getByText(CANCEL_REASON_TEXT.RIDE_CANCELLED)).toBeTruthy();
    expect(within(panel).getAllByText(/^(Expired|Cancelled|Declined)/)).toHaveLength(2);
  });

  it("shows the reason in a cancelled booking's details", async () => {
    signIn();
    serve({ bookings: [buildMyBooking({ status: 'CANCELLED', cancelReason: 'DRIVER' })] });
    const user = userEvent.setup();
    const panel = await openBookings(user, 0);
    await user.click(within(panel).getByRole('button', { name: 'Show cancelled bookings (1)' }));
    await user.click(within(panel).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByText('Why').nextElementSibling?.textContent).toBe('Declined by the driver');
  });

  it("marks the driver's commute rides in My Rides with their days and time", async () => {
    signIn();
    serve({ rides: [buildCommute().upcoming[0]!] });
    renderDashboard();
    const ride = await screen.findByRole('listitem', { name: /^Whitefield to Koramangala/ });
    expect(within(ride).getByText('Mon–Fri, 08:30')).toBeTruthy();
  });

  it('adds a booking to the calendar: the .ics is fetched with the token and saved as a file', async () => {
    signIn();
    const calls = serve(
      { bookings: [buildMyBooking()] },
      {
        'GET /api/bookings/mb1/calendar.ics': () =>
          new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
            headers: { 'content-type': 'text/calendar' },
          }),
      },
    );
    const created = vi.fn((_blob: Blob) => 'blob:calendar');
    URL.createObjectURL = created as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const user = userEvent.setup();
    const panel = await openBookings(user, 1);
    await user.click(within(panel).getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(clicked).toEqual(['blob:calendar saathchalo-2030-06-15.ics']));
    const call = calls.find((c) => c.url.endsWith('/calendar.ics'))!;
    expect(call.headers.get('authorization')).toBe('Bearer access-token');
    expect(await created.mock.calls[0]![0].text()).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  });
});
