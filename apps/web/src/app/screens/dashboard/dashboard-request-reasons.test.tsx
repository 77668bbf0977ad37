import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CANCEL_REASON_TEXT } from '@saathchalo/shared';
import { signIn } from '@/test/render';
import { renderDashboard, serve } from './dashboard-testing';
import { buildBooking } from './fixtures';

const person = (id: string, name: string) => ({
  id,
  passengerId: id,
  passengerName: name,
  passenger: { id, name, phone: null },
});

describe('Dashboard: why a request on my ride was cancelled', () => {
  it('tells the driver whether the passenger cancelled, the request lapsed or they declined it', async () => {
    signIn();
    serve({
      requests: [
        buildBooking({
          ...person('p1', 'Kiran Rao'),
          id: 'b1',
          status: 'CANCELLED',
          cancelReason: 'PASSENGER',
        }),
        buildBooking({ ...person('p2', 'Meera'), id: 'b2', status: 'CANCELLED', cancelReason: 'EXPIRED' }),
        buildBooking({ ...person('p3', 'Farhan'), id: 'b3', status: 'CANCELLED', cancelReason: 'DRIVER' }),
        buildBooking({ ...person('p4', 'Latha'), id: 'b4', status: 'CONFIRMED' }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Ride Requests (4)' }));
    const card = (name: string) => within(screen.getByRole('tabpanel')).getByRole('listitem', { name });
    expect(within(card('Kiran Rao')).getByText(CANCEL_REASON_TEXT.PASSENGER)).toBeTruthy();
    expect(within(card('Meera')).getByText(CANCEL_REASON_TEXT.EXPIRED)).toBeTruthy();
    expect(within(card('Farhan')).getByText(CANCEL_REASON_TEXT.DRIVER)).toBeTruthy();
    expect(within(card('Latha')).queryByText(/^(Cancelled|Expired|Declined)/)).toBeNull();
  });
});
