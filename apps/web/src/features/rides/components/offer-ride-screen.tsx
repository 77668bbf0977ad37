import { OfferRideForm } from './offer-ride-form';

export function OfferRideScreen() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Offer a Ride</h1>
      <p className="mt-1 text-slate-700">Share your journey and split the costs with fellow commuters.</p>
      <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <OfferRideForm />
      </div>
    </div>
  );
}
