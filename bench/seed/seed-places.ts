import { placeTerms, normalizePlace } from '../../apps/server/dist/features/places/place-names.js';
import type { Random } from '../lib/random.ts';
import { CITIES } from './cities.ts';
import { PLACE_COLUMNS, TERM_COLUMNS } from './columns.ts';
import type { Sink } from './sinks.ts';
import { candidatesBetween, pickStops, type StopCandidate } from './stops.ts';

/** Share of rides with stops on the way (issue 19: a third of them have 1 to 4). */
const STOPS_SHARE = 1 / 3;

type PlaceRow = unknown[];

async function insertPlaces(sink: Sink, rows: PlaceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await sink.insert('places', PLACE_COLUMNS, rows);
  await sink.insert(
    'place_terms',
    TERM_COLUMNS,
    rows.flatMap((p) => placeTerms(p[1] as string).map((t) => [t, p[0]])),
  );
}

/**
 * The seed's places: one per city, then the towns on the way as rides pass them. The migrations already
 * load built-in cities; their rows (and the spelling stored first, as the server does) are reused and the
 * missing ones added with their search terms, so generated rides are found exactly like offered ones.
 */
export class SeedPlaces {
  readonly cityIds: string[] = [];
  readonly cityNames: string[] = [];
  /** Cities added (not built in) and stops made, for the seed's count of new places. */
  made = 0;
  private readonly byNorm = new Map<string, { id: string; name: string }>();
  private pending: PlaceRow[] = [];
  private readonly candidates = new Map<string, StopCandidate[]>();
  private withStops = 0;

  private readonly rnd: Random;
  private readonly newId: () => string;
  private readonly now: number;

  private constructor(rnd: Random, newId: () => string, now: number) {
    this.rnd = rnd;
    this.newId = newId;
    this.now = now;
  }

  static async load(sink: Sink, rnd: Random, newId: () => string, now: number): Promise<SeedPlaces> {
    const places = new SeedPlaces(rnd, newId, now);
    const existing = await sink.all<{ id: string; name: string; norm: string }>(
      'SELECT id, name, norm FROM places',
    );
    for (const p of existing) places.byNorm.set(p.norm, { id: p.id, name: p.name });
    const added: PlaceRow[] = [];
    for (const c of CITIES) {
      const norm = normalizePlace(c.name);
      let place = places.byNorm.get(norm);
      if (!place) {
        place = { id: newId(), name: c.name };
        added.push([place.id, c.name, norm, 0, 0, now]);
      }
      places.cityIds.push(place.id);
      places.cityNames.push(place.name);
    }
    // Stops are places too (found by name like any other): a city's row serves a stop of its name.
    CITIES.forEach((c, i) =>
      places.byNorm.set(normalizePlace(c.name), { id: places.cityIds[i]!, name: places.cityNames[i]! }),
    );
    await insertPlaces(sink, added);
    places.made = added.length;
    return places;
  }

  /**
   * The stops of the ride numbered `i` from city `from` to `to`: towns on the way for a share of rides
   * (short trips often have none), each a place made when first used.
   */
  stopsFor(from: number, to: number, i: number) {
    const between = this.withStops < (i + 1) * STOPS_SHARE ? this.candidatesOf(from, to) : [];
    const stops = between.length > 0 ? pickStops(this.rnd, between).map((c) => this.stopPlace(c)) : [];
    if (stops.length > 0) this.withStops += 1;
    return stops;
  }

  /** Writes the stops' places made since the last flush (before the rides that name them). */
  async flush(sink: Sink): Promise<void> {
    await insertPlaces(sink, this.pending);
    this.made += this.pending.length;
    this.pending = [];
  }

  private candidatesOf(from: number, to: number): StopCandidate[] {
    const key = `${from}-${to}`;
    let list = this.candidates.get(key);
    if (!list) this.candidates.set(key, (list = candidatesBetween(CITIES[from]!, CITIES[to]!)));
    return list;
  }

  private stopPlace(c: StopCandidate) {
    let place = this.byNorm.get(c.norm);
    if (!place) {
      place = { id: this.newId(), name: c.name };
      this.byNorm.set(c.norm, place);
      this.pending.push([place.id, c.name, c.norm, 0, 0, this.now]);
    }
    return { ...c, id: place.id, name: place.name };
  }
}
