import { useWatch } from 'react-hook-form';
import { formatRupees } from '@/lib/format';
import { usePlacesNamed } from '../api/get-places';
import type { RouteForm } from '../route-form';
import { routeKm, suggestedPrice, SUGGESTED_RUPEES_PER_KM } from '../utils/geo';

/**
 * "Suggested: ₹N" from the great-circle distance through the route's points (CONTRACT section 7), once
 * every point is a place the gazetteer knows; the driver may take it with one click or ignore it.
 */
export function SuggestedPrice({ form }: { form: RouteForm }) {
  const [from, to, stops] = useWatch({ control: form.control, name: ['from', 'to', 'stops'] });
  const names = [from ?? '', ...(stops ?? []).map((s) => s.place ?? ''), to ?? ''];
  const places = usePlacesNamed(names);
  const km = names.every((n) => n.trim()) ? routeKm(places) : null;
  if (km === null || km < 1) return null;
  // From the whole kilometres the line shows, so that its sum adds up (128.6 km: 129 × ₹3 = ₹387, not ₹386).
  const wholeKm = Math.round(km);
  const price = suggestedPrice(wholeKm);
  return (
    <p
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 sm:col-span-2"
      aria-live="polite"
    >
      <span>
        Suggested: <strong data-testid="suggested-price">{formatRupees(price)}</strong> per seat ({wholeKm} km
        × {formatRupees(SUGGESTED_RUPEES_PER_KM)}/km)
      </span>
      <button
        type="button"
        className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
        onClick={() =>
          form.setValue('pricePerSeat', String(price), { shouldDirty: true, shouldValidate: true })
        }
      >
        Use suggested price
      </button>
    </p>
  );
}
