import { BadgeCheck, Headset, MapPin, Star } from 'lucide-react';
import { support } from '@/config/paths';

const features = [
  [BadgeCheck, 'ID verification', 'Members verify their identity before they travel. Verification takes 24 to 48 hours.'],
  [MapPin, 'GPS tracking', 'Share your live location with family and friends for the whole journey.'],
  [Headset, '24/7 safety support', 'Our safety team answers day and night, every day of the year.'],
  [Star, 'Ratings and reviews', 'Drivers and passengers rate each other after every completed ride. Our members rate us 4.8/5 for safety.'],
] as const;

const passengerTips = [
  'Check the driver’s rating and reviews before you book.',
  'Confirm the car model and number before you get in.',
  'Share your trip and live location with someone you trust.',
  'Keep your phone charged and sit where you feel comfortable.',
  'Trust your instincts: if something feels wrong, do not get in.',
];

const driverTips = [
  'Keep your car documents, insurance and licence up to date.',
  'Confirm the passenger’s name before starting the trip.',
  'Follow traffic rules and never use your phone while driving.',
  'Agree on pickup and drop points in advance.',
  'Report any uncomfortable behaviour to our safety team.',
];

function Tips({ title, tips }: { title: string; tips: string[] }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold">{title}</h2>
      <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
        {tips.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </section>
  );
}

export function SafetyScreen() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your safety comes first</h1>
      <p className="mt-2 max-w-2xl text-slate-700">Every SaathChalo ride is backed by verified members, live tracking and a safety team that never sleeps.</p>

      <section aria-labelledby="safety-features" className="mt-8">
        <h2 id="safety-features" className="sr-only">Safety features</h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(([Icon, title, text]) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="h-9 w-9 text-blue-700" />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Tips title="Tips for passengers" tips={passengerTips} />
        <Tips title="Tips for drivers" tips={driverTips} />
      </div>

      <section className="mt-10 rounded-2xl bg-red-50 p-6 text-red-900">
        <h2 className="text-lg font-semibold">In an emergency</h2>
        <p className="mt-1">
          Call 112 first. Then call our 24/7 safety line on{' '}
          <a className="font-semibold underline" href={`tel:${support.safetyLine}`}>{support.safetyLine}</a>.
        </p>
      </section>
    </div>
  );
}
