import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildRide } from '../testing/fixtures';
import { FindRideScreen } from './find-ride-screen';

const places = {
  'GET /api/rides/locations/from': () => okEnvelope([]),
  'GET /api/rides/locations/to': () => okEnvelope([]),
};

const womanDriver = {
  id: 'd2',
  name: 'Meera Iyer',
  phone: null,
  rating: 4.9,
  emailVerified: true,
  phoneVerified: true,
  stats: { ridesCompleted: 12, driverCancellations: 1, cancellationRate: 0.08 },
};

const publicMeera = {
  id: 'd2',
  name: 'Meera Iyer',
  firstName: 'Meera',
  location: 'Pune',
  bio: 'Weekend trips to Mumbai',
  profilePictureUrl: null,
  rating: 4.9,
  ratingCount: 14,
  ridesOffered: 20,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  phoneVerified: true,
  stats: { ridesCompleted: 12, driverCancellations: 1, cancellationRate: 0.08 },
  phone: null,
};

async function search(user: ReturnType<typeof userEvent.setup>, womenOnly: boolean) {
  await user.type(screen.getByLabelText('From'), 'pune');
  await user.type(screen.getByLabelText('To'), 'mumbai');
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-15' } });
  if (womenOnly) await user.click(screen.getByLabelText('Women only rides'));
  await user.click(screen.getByRole('button', { name: 'Search Rides' }));
}

function renderFind() {
  return renderScreen(<FindRideScreen />, { route: '/find-ride' });
}

describe('Find Ride: trust and safety', () => {
  beforeEach(() => {
    signIn({ id: 'u1', gender: 'FEMALE' });
  });

  it('sends womenOnly=true when the filter is on, and marks women-only rides, verified marks and reliability', async () => {
    const calls = mockFetch({
      ...places,
      'GET /api/rides/search': () =>
        okEnvelope([buildRide({ id: 'r9', womenOnly: true, driver: womanDriver })]),
    });
    const user = userEvent.setup();
    renderFind();
    await search(user, true);
    const card = await screen.findByRole('listitem', { name: /Pune/ });
    const sent = new URL(calls.find((c) => c.url.includes('/rides/search'))!.url).searchParams;
    expect(sent.get('womenOnly')).toBe('true');
    expect(within(card).getByText('Women only')).toBeTruthy();
    expect(within(card).getByText('Email verified')).toBeTruthy();
    expect(within(card).getByText('Phone verified')).toBeTruthy();
    expect(within(card).getByText('12 rides completed · 8% cancelled')).toBeTruthy();
    // The driver keeps her number until a booking is confirmed: the chat button explains instead.
    expect(within(card).queryByRole('link', { name: /Message Driver/ })).toBeNull();
    expect(within(card).getByText('The phone number is shared once the booking is confirmed')).toBeTruthy();
  });

  it('leaves womenOnly out of the search when the filter is off', async () => {
    const calls = mockFetch({ ...places, 'GET /api/rides/search': () => okEnvelope([buildRide()]) });
    const user = userEvent.setup();
    renderFind();
    await search(user, false);
    const card = await screen.findByRole('listitem', { name: /Pune/ });
    const sent = new URL(calls.find((c) => c.url.includes('/rides/search'))!.url).searchParams;
    expect(sent.has('womenOnly')).toBe(false);
    expect(within(card).queryByText('Women only')).toBeNull();
    expect(within(card).getByRole('link', { name: /Message Driver/ })).toBeTruthy();
  });

  it("opens the driver's public profile and reports her with a reason and details", async () => {
    const calls = mockFetch({
      ...places,
      'GET /api/rides/search': () => okEnvelope([buildRide({ driver: womanDriver })]),
      'GET /api/users/d2': () => okEnvelope(publicMeera),
      'POST /api/users/d2/reports': () => okEnvelope({ id: 'rep1' }, 'Report received'),
    });
    const user = userEvent.setup();
    renderFind();
    await search(user, false);
    await user.click(await screen.findByRole('button', { name: 'Meera Iyer, view profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meera Iyer' });
    expect(await within(dialog).findByText('Weekend trips to Mumbai')).toBeTruthy();
    expect(within(dialog).getByText('Phone verified')).toBeTruthy();
    expect(within(dialog).getByText('12 rides completed · 8% cancelled')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Report Meera' }));
    const report = await screen.findByRole('dialog', { name: 'Report Meera' });
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(await within(report).findByText('Please choose a reason')).toBeTruthy();
    await user.selectOptions(within(report).getByLabelText('Reason'), 'UNSAFE_DRIVING');
    await user.type(within(report).getByLabelText('Details'), 'Overtook on a blind curve');
    await user.click(within(report).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Report sent. Our safety team will look into it.')).toBeTruthy();
    const post = calls.find((c) => c.url.endsWith('/api/users/d2/reports'))!;
    expect(await post.json()).toEqual({ reason: 'UNSAFE_DRIVING', details: 'Overtook on a blind curve' });
  });

  it('blocks the driver from her profile after a confirmation', async () => {
    const calls = mockFetch({
      ...places,
      'GET /api/rides/search': () => okEnvelope([buildRide({ driver: womanDriver })]),
      'GET /api/users/d2': () => okEnvelope(publicMeera),
      'POST /api/users/d2/block': () => okEnvelope(null, 'User blocked'),
    });
    const user = userEvent.setup();
    renderFind();
    await search(user, false);
    await user.click(await screen.findByRole('button', { name: 'Meera Iyer, view profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Meera Iyer' });
    await user.click(await within(dialog).findByRole('button', { name: 'Block Meera' }));
    const confirm = await screen.findByRole('dialog', { name: 'Block Meera?' });
    await user.click(within(confirm).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('User blocked')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/api/users/d2/block'))).toBe(true);
  });
});
