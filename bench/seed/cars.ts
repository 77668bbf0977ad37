/** Cars common on Indian roads, with the seats a driver can offer in each (driver excluded). */
export const CARS: readonly { model: string; seats: number; weight: number }[] = [
  { model: 'Maruti Suzuki Swift', seats: 4, weight: 14 },
  { model: 'Maruti Suzuki Dzire', seats: 4, weight: 12 },
  { model: 'Maruti Suzuki Baleno', seats: 4, weight: 10 },
  { model: 'Maruti Suzuki WagonR', seats: 4, weight: 9 },
  { model: 'Maruti Suzuki Ertiga', seats: 6, weight: 7 },
  { model: 'Maruti Suzuki Brezza', seats: 4, weight: 6 },
  { model: 'Hyundai i20', seats: 4, weight: 7 },
  { model: 'Hyundai Creta', seats: 4, weight: 8 },
  { model: 'Hyundai Venue', seats: 4, weight: 5 },
  { model: 'Hyundai Verna', seats: 4, weight: 4 },
  { model: 'Tata Nexon', seats: 4, weight: 7 },
  { model: 'Tata Punch', seats: 4, weight: 5 },
  { model: 'Tata Tiago', seats: 4, weight: 4 },
  { model: 'Mahindra XUV700', seats: 6, weight: 4 },
  { model: 'Mahindra Scorpio-N', seats: 6, weight: 4 },
  { model: 'Mahindra Bolero', seats: 6, weight: 3 },
  { model: 'Toyota Innova Crysta', seats: 6, weight: 5 },
  { model: 'Toyota Glanza', seats: 4, weight: 2 },
  { model: 'Kia Seltos', seats: 4, weight: 5 },
  { model: 'Kia Carens', seats: 6, weight: 3 },
  { model: 'Honda City', seats: 4, weight: 5 },
  { model: 'Honda Amaze', seats: 4, weight: 3 },
  { model: 'MG Hector', seats: 4, weight: 2 },
  { model: 'Renault Kwid', seats: 3, weight: 3 },
  { model: 'Skoda Slavia', seats: 4, weight: 2 },
];

/** Notes drivers leave on a ride; many leave none. */
export const RIDE_NOTES: readonly string[] = [
  'Pickup near the metro station.',
  'One small bag per person please.',
  'No smoking. AC car.',
  'Will stop once for breakfast.',
  'Leaving sharp on time.',
  'Can drop on the highway exit.',
  'Women passengers preferred.',
  'Pets allowed in a carrier.',
];

export const PICKUP_POINTS: readonly string[] = [
  'Metro station gate 2',
  'Bus stand',
  'Railway station parking',
  'Tech park main gate',
  'Petrol pump on the highway',
  'City mall entrance',
  'Airport road signal',
];
