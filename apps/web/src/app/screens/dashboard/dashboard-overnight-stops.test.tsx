import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { bengaluruMysuruStops } from '@/test/ride-fixtures';
import { okEnvelope, signIn } from '@/test/render';
import { renderDashboard, serve } from './dashboard-testing';
import { buildRide } from './fixtures';

describe('Dashboard: the stops of a ride that runs past midnight', () => {
  it('names the day of a stop reached after midnight in the ride details', async () => {
    signIn();
    const [bengaluru, mandya, mysuru] = bengaluruMysuruStops;
    const stops = [
      { ...bengaluru!, time: '23:00' },
      { ...mandya!, date: '2030-06-16', time: '00:30' },
      { ...mysuru!, date: '2030-06-16', time: '01:20' },
    ];
    serve(
      {
        rides: [
          Object.assign(buildRide({ from: 'Bengaluru', to: 'Mysuru', departureTime: '23:00' }), { stops }),
        ],
      },
      { 'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }) },
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ride Details' });
    expect(within(dialog).getByText('Stops').nextElementSibling?.textContent).toBe(
      `Mandya, ${formatDate('2030-06-16')}, 12:30 am (estimated)`,
    );
  });
});
