import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildRide } from '../testing/fixtures';
import { EditRideDialog } from './edit-ride-dialog';
import { OfferRideScreen } from './offer-ride-screen';
import { RideDetailsDialog } from './ride-details-dialog';

const places = {
  'GET /api/rides/locations/from': () => okEnvelope(['Pune']),
  'GET /api/rides/locations/to': () => okEnvelope(['Mumbai']),
};

function offerCapturing() {
  const sent: Array<Record<string, unknown>> = [];
  mockFetch({
    ...places,
    'POST /api/rides/offer': async (req) => {
      sent.push((await req.json()) as Record<string, unknown>);
      return json(
        { success: true, data: { id: 'r9' }, message: 'Ride offered successfully', error: null },
        201,
      );
    },
    'PUT /api/rides/r1/update': async (req) => {
      sent.push((await req.json()) as Record<string, unknown>);
      return okEnvelope(buildRide({ womenOnly: true }), 'Ride updated successfully');
    },
  });
  return sent;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('From'), 'Pune');
  await user.type(screen.getByLabelText('To'), 'Mumbai');
  fireEvent.change(screen.getByLabelText('Departure Date'), { target: { value: '2030-06-15' } });
  fireEvent.change(screen.getByLabelText('Departure Time'), { target: { value: '08:30' } });
  await user.type(screen.getByLabelText('Price per Seat (₹)'), '300');
  await user.type(screen.getByLabelText('Car Model'), 'Maruti Swift');
  await user.type(screen.getByLabelText('Car Number'), 'MH 12 AB 1234');
}

const renderOffer = () =>
  renderScreen(<OfferRideScreen />, {
    route: '/offer-ride',
    routes: { '/dashboard': <p>Dashboard page</p> },
  });

describe('Women only, on offer and edit', () => {
  it('a woman driver sees the switch and offers a women-only ride', async () => {
    signIn({ gender: 'FEMALE' });
    const sent = offerCapturing();
    const user = userEvent.setup();
    renderOffer();
    await fillValid(user);
    const toggle = screen.getByRole('switch', { name: /Women only/ });
    expect(screen.getByText('Only women passengers can book this ride.')).toBeTruthy();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(sent[0]).toMatchObject({ from: 'Pune', to: 'Mumbai', womenOnly: true });
  });

  it('a man, or someone who has not given a gender, sees no switch and sends no womenOnly', async () => {
    for (const gender of ['MALE', null] as const) {
      signIn({ gender });
      const sent = offerCapturing();
      const user = userEvent.setup();
      const { unmount } = renderOffer();
      await fillValid(user);
      expect(screen.queryByRole('switch', { name: /Women only/ })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
      expect(await screen.findByText('Dashboard page')).toBeTruthy();
      expect('womenOnly' in sent[0]!).toBe(false);
      unmount();
    }
  });

  it('a woman driver who repeats a women-only offer creates a women-only commute', async () => {
    signIn({ gender: 'FEMALE' });
    let body: Record<string, unknown> = {};
    mockFetch({
      ...places,
      'POST /api/commutes': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return json(
          { success: true, data: { id: 'c1' }, message: 'Commute created successfully', error: null },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, {
      route: '/offer-ride',
      routes: { '/my-commutes': <p>My commutes page</p> },
    });
    await fillValid(user);
    await user.click(screen.getByRole('switch', { name: /Women only/ }));
    const repeat = screen.getByRole('group', { name: 'Repeat on' });
    await user.click(within(repeat).getByRole('button', { name: 'Mon' }));
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('My commutes page')).toBeTruthy();
    expect(body).toMatchObject({ from: 'Pune', to: 'Mumbai', days: ['MON'], womenOnly: true });
  });

  it("the server's refusal shows in the form", async () => {
    signIn({ gender: 'FEMALE' });
    mockFetch({
      ...places,
      'POST /api/rides/offer': () =>
        json(
          {
            success: false,
            data: null,
            message: 'Forbidden',
            error: 'Only women drivers can offer women-only rides',
          },
          403,
        ),
    });
    const user = userEvent.setup();
    renderOffer();
    await fillValid(user);
    await user.click(screen.getByRole('switch', { name: /Women only/ }));
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(
      (await screen.findAllByText('Only women drivers can offer women-only rides')).length,
    ).toBeGreaterThan(0);
  });

  it('a woman driver turns a ride women-only when editing it', async () => {
    signIn({ gender: 'FEMALE' });
    const sent = offerCapturing();
    const user = userEvent.setup();
    renderScreen(<EditRideDialog ride={buildRide()} onClose={() => undefined} />);
    await user.click(screen.getByRole('switch', { name: /Women only/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Ride updated successfully')).toBeTruthy();
    expect(sent[0]).toMatchObject({ womenOnly: true });
  });

  it('the ride details show the women-only badge', () => {
    renderScreen(<RideDetailsDialog ride={buildRide({ womenOnly: true })} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Ride Details' }).textContent).toContain('Women only');
  });
});
