import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { FaqList } from './faq-list';

const passengerSteps = [
  ['Search for a ride', 'Enter where you start, where you are going, the date and how many seats you need.'],
  ['Choose and book', 'Compare drivers, times and prices per seat, then book your seats in one tap.'],
  ['Get confirmed', 'The driver confirms your request, or it is confirmed at once on instant-booking rides.'],
  ['Travel and rate', 'Meet at the pickup point, enjoy the ride and rate your driver afterwards.'],
] as const;

const driverSteps = [
  ['Offer your ride', 'Publish your route, date, time, free seats, price per seat and car details.'],
  ['Accept passengers', 'Review booking requests on your dashboard and confirm or reject them.'],
  ['Drive together', 'Pick up your passengers and share the journey and its costs.'],
  ['Get paid and rate', 'Receive your payout within 24 hours and rate your passengers.'],
] as const;

const faqs = [
  { q: 'Do I need an account?', a: 'Yes. Sign up for free with your name, e-mail address and mobile number to find or offer rides.' },
  { q: 'How is the price decided?', a: 'Drivers set a price per seat in rupees to share the cost of fuel and tolls. You see the total before you book.' },
  { q: 'Can I cancel?', a: 'Yes. Cancelling more than 24 hours ahead is free; a fee of ₹50 applies from 2 to 24 hours before departure and ₹100 for a last-minute cancellation.' },
  { q: 'How do I talk to the other person?', a: 'Use the message buttons on rides and bookings to open a chat with the driver or passenger.' },
];

function Steps({ title, steps }: { title: string; steps: ReadonlyArray<readonly [string, string]> }) {
  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold">{title}</h2>
      <ol className="mt-4 space-y-4">
        {steps.map(([name, text], i) => (
          <li key={name} className="flex gap-4">
            <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-700 font-bold text-white">
              {i + 1}
            </span>
            <div>
              <h3 className="font-semibold">{name}</h3>
              <p className="text-slate-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function HowItWorksScreen() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">How SaathChalo works</h1>
      <p className="mt-2 max-w-2xl text-slate-700">Whether you need a seat or have one to spare, getting started takes a few minutes.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Steps title="For passengers" steps={passengerSteps} />
        <Steps title="For drivers" steps={driverSteps} />
      </div>
      <section className="mt-12 max-w-3xl">
        <h2 className="text-2xl font-bold">Frequently asked questions</h2>
        <FaqList faqs={faqs} />
      </section>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={paths.findRide}>Find a Ride</ButtonLink>
        <ButtonLink to={paths.offerRide} variant="outline">
          Offer a Ride
        </ButtonLink>
      </div>
    </div>
  );
}
