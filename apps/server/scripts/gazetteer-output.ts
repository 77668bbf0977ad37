/**
 * Writes the gazetteer file the loader (src/features/places/gazetteer.ts) reads; its layout is in the
 * file itself ("columns", "meaning") and in docs/decisions/013-gazetteer.md.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { normalizePlace } from '../src/features/places/place-names.ts';

export interface Place {
  id: string;
  name: string;
  area: string;
  state: string;
  lat: number;
  lng: number;
  kind: 'city' | 'locality' | 'town';
  rank: number;
}

/** Code point order: the same on every machine, whatever its locale data. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const coordinate = (x: number) => Number(x.toFixed(4));

/** Writes the places and answers how many. */
export async function writeGazetteer(places: readonly Place[], out: string): Promise<number> {
  // In the order of their normalised names, so the loader can search names by prefix without sorting them.
  const ordered = places
    .map((p) => ({ p, norm: normalizePlace(p.name) }))
    .sort((a, b) => byText(a.norm, b.norm) || b.p.rank - a.p.rank || byText(a.p.id, b.p.id))
    .map(({ p }) => p);
  const states = [...new Set(ordered.map((p) => p.state))].sort(byText);
  const row = new Map(ordered.map((p, i) => [p, i]));
  const cityRow = new Map(
    ordered.filter((p) => p.kind === 'city').map((p) => [`${p.name}|${p.state}`, row.get(p)!]),
  );
  const rows = ordered.map((p) => {
    const area = p.area === p.name ? -1 : cityRow.get(`${p.area}|${p.state}`);
    if (area === undefined) throw new Error(`${p.name}: its area ${p.area} is no city of ${p.state}`);
    return [
      p.id,
      p.name,
      area,
      states.indexOf(p.state),
      coordinate(p.lat),
      coordinate(p.lng),
      p.kind[0],
      p.rank,
    ];
  });
  // JSON because the engine's own parser reads it several times faster than JavaScript splits text;
  // one place a line, as the project's formatter lays it out, so a rebuild reads as a diff.
  const json = JSON.stringify({
    columns: ['id', 'name', 'area', 'state', 'lat', 'lng', 'kind', 'rank'],
    meaning: {
      area: 'row of the city a locality belongs to, -1 for the place itself',
      state: 'index in states',
      kind: 'c city, l locality, t town',
      rank: 'population, or an estimate (see docs/decisions/013-gazetteer.md)',
    },
    states,
    places: rows,
  });
  // The project's formatting wherever the file is written, so every build of the same data is the same.
  const options = await prettier.resolveConfig(fileURLToPath(import.meta.url));
  writeFileSync(out, await prettier.format(json, { ...options, filepath: out }));
  return rows.length;
}
