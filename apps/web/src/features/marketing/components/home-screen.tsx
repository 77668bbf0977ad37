import { Link } from 'react-router';
import { LineIcon } from '@/components/ui/line-icon';
import { paths } from '@/config/paths';

// Kept deliberately lean: this is the first screen most visitors load (docs/decisions/004).
const btn = 'inline-flex h-12 items-center justify-center rounded-lg px-6 font-semibold';
const h2 = 'text-center text-2xl font-bold sm:text-3xl';

// Wallet, leaf and shield-check from lucide, inline (see LineIcon).
const benefits = [
  [
    'M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4',
    'Save money',
    'Split fuel and toll costs with people going your way and save up to 70% on your daily commute.',
  ],
  [
    'M11 20a10 10 0 0010-10 25.9 25.9 0 00-1.04-7.281 1 1 0 00-1.755-.325C15.833 5.5 13 5.5 9.8 6.1A7 7 0 0011 20M2 21a5 5 0 012.911-4.544C7.613 15.212 8.351 15.24 11 13',
    'Eco-friendly',
    'Every shared seat is one car fewer on the road: less traffic, less fuel burnt, cleaner air.',
  ],
  [
    'M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1zm-11-1 2 2 4-4',
    'Safe and secure',
    'ID-verified members, GPS tracking on every trip and a 24/7 safety support line.',
  ],
] as const;

const steps = [
  ['Search or offer', 'Enter where you are going and when, or publish the empty seats in your car.'],
  ['Book your seat', 'Pick a ride that suits you, book your seats and chat with your co-traveller.'],
  ['Travel together', 'Meet at the pickup point, share the journey and rate each other afterwards.'],
] as const;

const testimonials = [
  [
    'Priya Sharma',
    'Bengaluru',
    'My daily trip to Whitefield costs half of what it used to, and I have made friends on the way.',
  ],
  [
    'Rahul Mehta',
    'Pune',
    'I drive to Hinjewadi every day anyway. Sharing my empty seats covers my fuel for the month.',
  ],
  [
    'Ananya Iyer',
    'Chennai',
    'Verified profiles and live tracking make me feel safe travelling to work early in the morning.',
  ],
] as const;

const stats = [
  ['1 lakh+', 'Happy members'],
  ['50+', 'Cities'],
  ['70%', 'Savings on commute'],
  ['4.8/5', 'Safety rating'],
] as const;

/** The opening: what SaathChalo is, and the two ways in. */
function Hero() {
  return (
    <section className="bg-gradient-to-br from-blue-800 to-blue-600 px-4 py-16 text-center text-white sm:py-24">
      <h1 className="text-3xl font-bold sm:text-5xl">Share the ride, split the cost</h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-50">
        SaathChalo connects commuters across India who travel the same way. Find a seat or offer yours in
        minutes.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.findRide} className={`${btn} bg-white text-blue-800 hover:bg-blue-50`}>
          Find a Ride
        </Link>
        <Link to={paths.offerRide} className={`${btn} border-2 border-white text-white hover:bg-blue-700`}>
          Offer a Ride
        </Link>
      </div>
    </section>
  );
}

/** Why share: money, the air, safety. */
function Benefits() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-14">
      <h2 className={h2}>Why SaathChalo?</h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {benefits.map(([d, title, text]) => (
          <li key={title} className="rounded-2xl bg-white p-6 shadow-sm">
            <LineIcon className="h-10 w-10 text-blue-700">
              <path d={d} />
            </LineIcon>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-slate-700">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How it works, in three steps. */
function Steps() {
  return (
    <section className="bg-white px-4 py-14">
      <h2 className={h2}>How it works</h2>
      <ol className="mx-auto mt-8 grid max-w-6xl gap-6 md:grid-cols-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="text-center">
            <span
              aria-hidden="true"
              className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-blue-700 text-xl font-bold text-white"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-slate-700">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Three members in their own words. */
function Testimonials() {
  return (
    <section className="mx-auto max-w-6xl px-4 py-14">
      <h2 className={h2}>What our members say</h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {testimonials.map(([name, city, quote]) => (
          <li key={name} className="rounded-2xl bg-white p-6 shadow-sm">
            <p role="img" aria-label="Rated 5 out of 5" className="text-xl tracking-widest text-amber-700">
              ★★★★★
            </p>
            <blockquote className="mt-3 text-slate-800">“{quote}”</blockquote>
            <p className="mt-4 font-semibold">
              {name} <span className="font-normal text-slate-600">· {city}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SaathChalo in numbers. */
function Stats() {
  return (
    <section aria-label="SaathChalo in numbers" className="bg-blue-800 px-4 py-12 text-white">
      <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 text-center md:grid-cols-4">
        {stats.map(([value, label]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-blue-100">{label}</dt>
            <dd className="order-first text-3xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The closing call to join. */
function GetStarted() {
  return (
    <section className="px-4 py-14 text-center">
      <h2 className={h2}>Ready to ride together?</h2>
      <p className="mt-3 text-slate-700">Join thousands of commuters saving money every day.</p>
      <Link to={paths.join} className={`${btn} mt-6 bg-blue-700 text-white hover:bg-blue-800`}>
        Get Started
      </Link>
    </section>
  );
}

export function HomeScreen() {
  return (
    <>
      <Hero />
      <Benefits />
      <Steps />
      <Testimonials />
      <Stats />
      <GetStarted />
    </>
  );
}
