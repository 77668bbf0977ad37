import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { addDays, istDate, type Commute } from '@saathchalo/shared';
import { buildCommute } from '../testing/fixtures';
import { MyCommutesScreen } from './my-commutes-screen';

function serve(data: { commutes: Commute[] }, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ 'GET /api/commutes/my': () => okEnvelope(data.commutes), ...extra });
}

const today = istDate(Date.now());
const renderScreenAt = () => renderScreen(<MyCommutesScreen />, { route: '/my-commutes' });
const card = async () => screen.findByRole('listitem', { name: 'Whitefield to Koramangala' });

describe('My Commutes', () => {
  beforeEach(() => {
    signIn();
  });

  it('shows each commute with its days, and its next rides with the seats booked each day', async () => {
    serve({ commutes: [buildCommute()] });
    renderScreenAt();
    expect(screen.getByRole('heading', { level: 1, name: 'My Commutes' })).toBeTruthy();
    const c = await card();
    expect(within(c).getByText(/^Mon–Fri, 08:30, back at 18:00 · from /)).toBeTruthy();
    const rides = within(c).getByRole('list', { name: 'Next rides' });
    const items = within(rides).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Mon, 17 Jun, 2030, 8:30 am · Outbound · 2 of 3 seats bookedSkip day',
      'Mon, 17 Jun, 2030, 6:00 pm · Return · 0 of 3 seats bookedSkip day',
      'Tue, 18 Jun, 2030, 8:30 am · Outbound · 0 of 3 seats bookedCANCELLED',
    ]);
  });

  it('says a night shift comes back the next morning, on the card and while editing', async () => {
    serve({ commutes: [buildCommute({ departureTime: '22:00', returnTime: '06:00', upcoming: [] })] });
    const user = userEvent.setup();
    renderScreenAt();
    const c = await card();
    expect(within(c).getByText(/^Mon–Fri, 22:00, back the next morning at 06:00 · from /)).toBeTruthy();
    await user.click(within(c).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Commute' });
    const back = within(dialog).getByLabelText('Return time (optional)');
    expect(within(dialog).getByText('Returns the next morning at 06:00').id).toBe(
      back.getAttribute('aria-describedby'),
    );
    await user.clear(back);
    await user.type(back, '23:30');
    expect(within(dialog).queryByText(/next morning/)).toBeNull();
  });

  it('adds a commute to the calendar with the token, as a file', async () => {
    const calls = serve(
      { commutes: [buildCommute()] },
      {
        'GET /api/commutes/c1/calendar.ics': () =>
          new Response('BEGIN:VCALENDAR\r\n', { headers: { 'content-type': 'text/calendar' } }),
      },
    );
    URL.createObjectURL = (() => 'blob:commute') as typeof URL.createObjectURL;
    URL.revokeObjectURL = () => {};
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.getAttribute('href')} ${this.download}`);
    });
    const user = userEvent.setup();
    renderScreenAt();
    await user.click(within(await card()).getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(saved).toEqual(['blob:commute commute-c1.ics']));
    expect(calls.find((c) => c.url.endsWith('/calendar.ics'))!.headers.get('authorization')).toBe(
      'Bearer access-token',
    );
    click.mockRestore();
  });

  it("shows the server's refusal of an edit, and its field message beside the field", async () => {
    const dates = { startDate: addDays(today, 1), endDate: addDays(today, 90) };
    serve(
      { commutes: [buildCommute(dates)] },
      {
        'PUT /api/commutes/c1': () =>
          json(
            {
              success: false,
              message: 'Validation failed',
              error: 'End date must be at most 6 months ahead',
              data: { endDate: 'End date must be at most 6 months ahead' },
            },
            400,
          ),
      },
    );
    const user = userEvent.setup();
    renderScreenAt();
    await user.click(within(await card()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Commute' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findAllByText('End date must be at most 6 months ahead')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Until (optional)').getAttribute('aria-invalid')).toBe('true');
  });

  it('invites to offer a ride when there is no commute', async () => {
    serve({ commutes: [] });
    renderScreenAt();
    expect(await screen.findByText('No commutes yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Offer a Ride' }).getAttribute('href')).toBe('/offer-ride');
  });

  it('skips a day after confirmation by cancelling that ride', async () => {
    const data = { commutes: [buildCommute()] };
    const calls = serve(data, {
      'PUT /api/rides/r2/status': () => {
        data.commutes = [
          buildCommute({
            upcoming: data.commutes[0]!.upcoming.map((r) =>
              r.id === 'r2' ? { ...r, status: 'CANCELLED' as const } : r,
            ),
          }),
        ];
        return okEnvelope({ id: 'r2' }, 'Ride status updated successfully');
      },
    });
    const user = userEvent.setup();
    renderScreenAt();
    const c = await card();
    const skips = within(c).getAllByRole('button', { name: 'Skip day' });
    await user.click(skips[1]!);
    const prompt = await screen.findByRole('dialog', { name: 'Skip this day?' });
    expect(
      within(prompt).getByText(
        /Koramangala to Whitefield on Mon, 17 Jun, 2030 at 6:00 pm is cancelled and its passengers are told/,
      ),
    ).toBeTruthy();
    await user.click(within(prompt).getByRole('button', { name: 'Keep ride' }));
    expect(calls.some((x) => x.method === 'PUT')).toBe(false);

    await user.click(skips[1]!);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Skip this day?' })).getByRole('button', {
        name: 'Skip day',
      }),
    );
    await waitFor(() => expect(within(c).getAllByRole('button', { name: 'Skip day' })).toHaveLength(1));
    // The driver's own words, not the status change's "Ride status updated successfully".
    expect(await screen.findByText('Ride cancelled for that day')).toBeTruthy();
    expect(screen.queryByText('Ride status updated successfully')).toBeNull();
    // The Skip day pressed is gone: the keyboard goes to the nearest day left to skip, not the page's body.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(c).getByRole('button', { name: 'Skip day' })),
    );
    const put = calls.find((x) => x.method === 'PUT')!;
    expect(new URL(put.url).pathname + new URL(put.url).search).toBe('/api/rides/r2/status?status=CANCELLED');
  });

  it('stops a commute after confirmation', async () => {
    const data = { commutes: [buildCommute()] };
    const calls = serve(data, {
      'DELETE /api/commutes/c1': () => {
        data.commutes = [buildCommute({ status: 'STOPPED', upcoming: [] })];
        return okEnvelope(data.commutes[0], 'Commute stopped successfully');
      },
    });
    const user = userEvent.setup();
    renderScreenAt();
    await user.click(within(await card()).getByRole('button', { name: 'Stop commute' }));
    const prompt = await screen.findByRole('dialog', { name: 'Stop this commute?' });
    await user.click(within(prompt).getByRole('button', { name: 'Stop commute' }));
    expect(await screen.findByText('STOPPED')).toBeTruthy();
    expect(calls.some((x) => x.method === 'DELETE' && x.url.endsWith('/api/commutes/c1'))).toBe(true);
    expect(within(await card()).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(await screen.findByText('Commute stopped successfully')).toBeTruthy();
  });

  it('edits the days, the return time and the seats with PUT', async () => {
    let body: Record<string, unknown> = {};
    // The last day may lie at most 6 months ahead of today.
    const dates = { startDate: addDays(today, 1), endDate: addDays(today, 90) };
    serve(
      { commutes: [buildCommute(dates)] },
      {
        'PUT /api/commutes/c1': async (req) => {
          body = (await req.json()) as Record<string, unknown>;
          return okEnvelope(buildCommute(), 'Commute updated successfully');
        },
      },
    );
    const user = userEvent.setup();
    renderScreenAt();
    await user.click(within(await card()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Commute' });
    const days = within(dialog).getByRole('group', { name: 'Repeat on' });
    for (const d of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await user.click(within(days).getByRole('button', { name: d }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Choose at least one day')).toBeTruthy();

    await user.click(within(days).getByRole('button', { name: 'Sat' }));
    await user.click(within(days).getByRole('button', { name: 'Mon' }));
    await user.clear(within(dialog).getByLabelText('Return time (optional)'));
    await user.clear(within(dialog).getByLabelText('Seats'));
    await user.type(within(dialog).getByLabelText('Seats'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Commute' })).toBeNull());
    expect(body).toMatchObject({
      from: 'Whitefield',
      to: 'Koramangala',
      days: ['MON', 'SAT'],
      departureTime: '08:30',
      returnTime: null,
      ...dates,
      seats: 4,
      pricePerSeat: 120,
    });
    expect(await screen.findByText('Commute updated successfully')).toBeTruthy();
  });

  it('keeps the stops of a commute it edits (the server reads no stops as none)', async () => {
    let body: Record<string, unknown> = {};
    const stops = [
      { place: 'Indiranagar', time: '08:50' },
      { place: 'Domlur', time: null },
    ];
    const commute = buildCommute({ startDate: addDays(today, 1), endDate: addDays(today, 90), stops });
    serve(
      { commutes: [commute] },
      {
        'PUT /api/commutes/c1': async (req) => {
          body = (await req.json()) as Record<string, unknown>;
          return okEnvelope(commute, 'Commute updated successfully');
        },
      },
    );
    const user = userEvent.setup();
    renderScreenAt();
    await user.click(within(await card()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Commute' });
    await user.clear(within(dialog).getByLabelText('Seats'));
    await user.type(within(dialog).getByLabelText('Seats'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Commute' })).toBeNull());
    expect(body).toMatchObject({ seats: 2, stops });
  });
});
