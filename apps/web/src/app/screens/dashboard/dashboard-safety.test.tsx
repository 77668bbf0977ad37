import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { json, okEnvelope, signIn } from '@/test/render';
import { renderDashboard, serve, type Data } from './dashboard-testing';
import { buildBooking, buildMyBooking } from './fixtures';

const share = {
  url: 'http://localhost/trip/tok123',
  token: 'tok123',
  expiresAt: '2030-06-16T08:00:00.000Z',
};

async function openBookings(user: ReturnType<typeof userEvent.setup>, count: number) {
  await user.click(await screen.findByRole('tab', { name: `My Bookings (${count})` }));
  return screen.getByRole('tabpanel');
}

/** A browser without the Web Share API: the trip link and WhatsApp are shown instead. */
const withoutWebShare = () => vi.stubGlobal('navigator', { ...navigator, share: undefined });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Dashboard: trust and safety on bookings', () => {
  it('shares a confirmed trip: copies the link, and offers it to open and on WhatsApp', async () => {
    signIn();
    withoutWebShare();
    const calls = serve(
      { bookings: [buildMyBooking()] },
      { 'POST /api/bookings/mb1/share': () => okEnvelope(share) },
    );
    const user = userEvent.setup(); // with a clipboard of its own
    renderDashboard();
    const panel = await openBookings(user, 1);
    await user.click(within(panel).getByRole('button', { name: 'Share trip' }));
    expect(await screen.findByText('Trip link copied')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe('http://localhost/trip/tok123');
    expect(within(panel).getByRole('link', { name: 'Open trip link' }).getAttribute('href')).toBe(share.url);
    const wa = within(panel).getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href')!;
    expect(wa.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(wa)).toContain('http://localhost/trip/tok123');
    expect(calls.filter((c) => c.url.endsWith('/share'))).toHaveLength(1);
  });

  it('uses the system share sheet where there is one', async () => {
    signIn();
    const shareFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, share: shareFn });
    serve({ bookings: [buildMyBooking()] }, { 'POST /api/bookings/mb1/share': () => okEnvelope(share) });
    const user = userEvent.setup();
    renderDashboard();
    const panel = await openBookings(user, 1);
    await user.click(within(panel).getByRole('button', { name: 'Share trip' }));
    await vi.waitFor(() => expect(shareFn).toHaveBeenCalled());
    expect(shareFn.mock.calls[0]).toEqual([expect.objectContaining({ url: share.url })]);
  });

  it("shows the server's words when the trip has ended and can no longer be shared, and no link", async () => {
    signIn();
    withoutWebShare();
    const ended = {
      success: false,
      data: null,
      message: ERR.tripEnded,
      error: ERR.tripEnded,
      code: 'TRIP_ENDED',
    };
    serve({ bookings: [buildMyBooking()] }, { 'POST /api/bookings/mb1/share': () => json(ended, 409) });
    const user = userEvent.setup();
    renderDashboard();
    const panel = await openBookings(user, 1);
    await user.click(within(panel).getByRole('button', { name: 'Share trip' }));
    expect(await screen.findByText('This trip has ended and can no longer be shared')).toBeTruthy();
    expect(within(panel).queryByRole('link', { name: 'Open trip link' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Share on WhatsApp' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Share trip' })).toBeTruthy();
  });

  it('offers no Share trip on a pending booking, and explains the hidden number', async () => {
    signIn();
    serve({
      bookings: [
        buildMyBooking({ status: 'PENDING', driver: { id: 'd7', name: 'Ravi Kumar', phone: null } }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard();
    const panel = await openBookings(user, 1);
    expect(within(panel).queryByRole('button', { name: 'Share trip' })).toBeNull();
    expect(within(panel).queryByRole('link', { name: 'Contact Driver' })).toBeNull();
    expect(within(panel).getByText('The phone number is shared once the booking is confirmed')).toBeTruthy();
  });

  it('reports the driver from a booking', async () => {
    signIn();
    const data: Data = { bookings: [buildMyBooking()] };
    const calls = serve(data, { 'POST /api/users/d7/reports': () => okEnvelope({ id: 'rep1' }) });
    const user = userEvent.setup();
    renderDashboard();
    const panel = await openBookings(user, 1);
    await user.click(within(panel).getByRole('button', { name: 'Report Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Ravi Kumar' });
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'NO_SHOW');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent. Our safety team will look into it.')).toBeTruthy();
    const post = calls.find((c) => c.url.endsWith('/api/users/d7/reports'))!;
    expect(await post.json()).toEqual({ reason: 'NO_SHOW', details: null });
  });

  it('blocks a passenger from a request on my ride', async () => {
    signIn();
    const calls = serve(
      { requests: [buildBooking({ status: 'PENDING' })] },
      { 'POST /api/users/p1/block': () => okEnvelope(null) },
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: /Ride Requests/ }));
    const panel = screen.getByRole('tabpanel');
    await user.click(within(panel).getByRole('button', { name: 'Block Kiran Rao' }));
    const prompt = await screen.findByRole('dialog', { name: 'Block Kiran Rao?' });
    // The server cancels what the two share ahead (decision 022), so the prompt says so first.
    expect(
      within(prompt).getByText(
        'You will not see each other’s rides and cannot book each other, and your bookings together on rides still to come are cancelled. You can unblock them from your profile.',
      ),
    ).toBeTruthy();
    const requestsRead = () => calls.filter((c) => c.url.endsWith('/api/bookings/my-ride-bookings')).length;
    const before = requestsRead();
    await user.click(within(prompt).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('User blocked')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/users/p1/block'))).toBe(true);
    // Its cancelled request shows as such: the requests are read again.
    await waitFor(() => expect(requestsRead()).toBeGreaterThan(before));
  });
});
