import { LocateFixed } from 'lucide-react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { getPlacesNear, pickedText, type Place } from '../api/get-places';

export const NEAR_ME_DENIED = 'Allow location access in your browser to use "Near me".';
export const NEAR_ME_UNAVAILABLE = 'Your location is not available. Please type the place.';

function position(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error('unavailable'));
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: 5 * 60_000,
    });
  });
}

/**
 * The nearest place the server knows, written as a pick from the list is (pickedText: a bare "Goregaon"
 * would be searched as another Goregaon), or the nearest big city when it answers nothing for a point.
 */
async function nearestPlace(client: QueryClient, lat: number, lng: number): Promise<Place> {
  const places = await getPlacesNear(lat, lng).catch(() => []);
  if (places[0]) return { ...places[0], name: await pickedText(client, places[0]) };
  const { nearestCity } = await import('../utils/fallback-cities');
  return nearestCity({ lat, lng });
}

/** "Near me": the browser's location (asked only on a click) fills a field with the nearest place. */
export function NearMeButton({ onPlace }: { onPlace(place: Place): void }) {
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const locate = async () => {
    setBusy(true);
    try {
      const { coords } = await position();
      onPlace(await nearestPlace(client, coords.latitude, coords.longitude));
    } catch (err) {
      const denied = (err as GeolocationPositionError | null)?.code === 1;
      notify.error(denied ? NEAR_ME_DENIED : NEAR_ME_UNAVAILABLE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void locate()}
      disabled={busy}
      aria-label="Near me"
      title="Near me: use my location"
      className="inline-flex h-10 w-10 items-center justify-center rounded-md text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-50"
    >
      <LocateFixed aria-hidden="true" className={busy ? 'h-5 w-5 animate-pulse' : 'h-5 w-5'} />
    </button>
  );
}
