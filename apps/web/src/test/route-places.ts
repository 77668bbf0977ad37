import { fireEvent, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { okEnvelope } from './render';

const gazetteer: Record<string, [number, number]> = {
  bengaluru: [12.9716, 77.5946],
  mandya: [12.5218, 76.8951],
  mysuru: [12.2958, 76.6394],
  maddur: [12.5847, 77.0436],
};

/** GET /api/places?q=: the known place of that name, as the gazetteer answers it. */
export const places = {
  'GET /api/places': (req: Request) => {
    const q = (new URL(req.url).searchParams.get('q') ?? '').toLowerCase();
    const hits = Object.entries(gazetteer).filter(([name]) => name.startsWith(q));
    return okEnvelope(
      hits.map(([name, [lat, lng]]) => ({
        id: name,
        name: name[0]!.toUpperCase() + name.slice(1),
        area: name[0]!.toUpperCase() + name.slice(1),
        state: 'Karnataka',
        lat,
        lng,
        kind: 'city',
      })),
    );
  },
};

/** Fills the offer form for Bengaluru → Mysuru, places the gazetteer above knows. */
export async function fillRide(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: 'From' }), 'Bengaluru');
  await user.type(screen.getByRole('combobox', { name: 'To' }), 'Mysuru');
  fireEvent.change(screen.getByLabelText('Departure Date'), { target: { value: '2030-06-15' } });
  fireEvent.change(screen.getByLabelText('Departure Time'), { target: { value: '08:00' } });
  await user.type(screen.getByLabelText('Car Model'), 'Maruti Swift');
  await user.type(screen.getByLabelText('Car Number'), 'KA 01 AB 1234');
}
