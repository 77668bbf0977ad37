/**
 * Builds apps/server/gazetteer/india.json, the places autocomplete and search along the way know with
 * coordinates, from GeoNames (cities and towns of 1,000+ people) and India Post (post offices with the
 * coordinates of their PIN codes). Run: `npm run gazetteer -w apps/server`; see docs/decisions/013-gazetteer.md.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { distanceKm } from '../src/features/places/great-circle.ts';
import { INDIAN_CITIES } from '../src/features/places/indian-cities.ts';
import { aliasesOf, normalizePlace } from '../src/features/places/place-names.ts';
import {
  GEONAMES_CENSUS_POPULATIONS,
  GEONAMES_CORPORATIONS,
  GEONAMES_DISTRICT_POPULATIONS,
  GEONAMES_RENAMES,
  GEONAMES_STATES,
  HAND_KEPT_PLACES,
  LADAKH_DISTRICTS,
  MERGED_INTO_METRO,
  METRO_DISTRICTS,
  POSTAL_STATES,
} from './gazetteer-hand-kept.ts';
import { commuterName, consonants, display, officeName } from './gazetteer-names.ts';
import { byText, writeGazetteer, type Place } from './gazetteer-output.ts';
import { loadSources, type PostOffice } from './gazetteer-sources.ts';

const CITY_POPULATION = 100_000;
/** How far a place may lie from the city its district is named after and still belong to it. */
const DISTRICT_CITY_KM = 30;
/** How far a place may lie from the nearest city to belong to it when its district says nothing. */
const NEAREST_CITY_KM = 15;
/** The eight metros (Mumbai, Delhi, Bengaluru, Kolkata, Chennai, Ahmedabad, Hyderabad, Pune) reach farther. */
const METRO_POPULATION = 2_900_000;
const METRO_KM = 30;
/** Two entries of one name in one state closer than this are the same place. */
const SAME_PLACE_KM = 15;
/** A post office that is not a city's locality is usually a village: below every GeoNames place. */
const VILLAGE_RANK = 500;
/** GeoNames lists places of 1,000 people and more: a town of unknown size counts as the smallest. */
const UNKNOWN_TOWN_RANK = 1000;
const INDIA = { minLat: 6, maxLat: 37.6, minLng: 68, maxLng: 97.5 };

const { values: args } = parseArgs({
  options: {
    sources: { type: 'string', default: join(tmpdir(), 'saathchalo-gazetteer-sources') },
    out: { type: 'string', default: fileURLToPath(new URL('../gazetteer/india.json', import.meta.url)) },
  },
});
const sources = loadSources(args.sources);

// The project's own spellings win (Gurugram, not the sources' Gurgaon), within the same state only.
const projectNames = new Map(
  INDIAN_CITIES.map(([name, state]) => [`${normalizePlace(name)}|${state}`, name]),
);
function canonical(name: string, state: string): string {
  const norm = normalizePlace(name);
  for (const n of [norm, ...aliasesOf(norm)]) {
    const own = projectNames.get(`${n}|${state}`);
    if (own) return own;
  }
  return name;
}

function postalState(po: PostOffice): string {
  if (po.state === 'JAMMU & KASHMIR' && LADAKH_DISTRICTS.has(po.city)) return 'Ladakh';
  return POSTAL_STATES[po.state] ?? display(po.state);
}

function inIndia(lat: number, lng: number): boolean {
  return lat >= INDIA.minLat && lat <= INDIA.maxLat && lng >= INDIA.minLng && lng <= INDIA.maxLng;
}

const places: Place[] = [];
const byNameAndState = new Map<string, Place[]>();
function known(name: string, state: string, lat: number, lng: number): boolean {
  const same = byNameAndState.get(`${normalizePlace(name)}|${state}`) ?? [];
  return same.some((p) => distanceKm(p.lat, p.lng, lat, lng) < SAME_PLACE_KM);
}
function add(place: Place): void {
  places.push(place);
  const key = `${normalizePlace(place.name)}|${place.state}`;
  byNameAndState.set(key, [...(byNameAndState.get(key) ?? []), place]);
}

function nearestPostOfficeState(lat: number, lng: number): string | undefined {
  let best: { km: number; state: string } | undefined;
  for (const po of sources.postOffices) {
    const at = sources.pinCoordinates[po.pincode];
    if (!at) continue;
    const km = distanceKm(lat, lng, at.lat, at.lng);
    if (!best || km < best.km) best = { km, state: postalState(po) };
  }
  return best && best.km < 10 ? best.state : undefined;
}

// 1. GeoNames' places, biggest first so a duplicate keeps the bigger one.
const geonames = sources.geonames
  .filter((g) => g.featureCode !== 'PPLQ' && g.featureCode !== 'PPLH')
  .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
for (const g of geonames) {
  let state = GEONAMES_STATES[g.adminCode];
  if (!state) throw new Error(`unknown GeoNames admin code ${g.adminCode} for ${g.name}`);
  const [lng, lat] = g.loc.coordinates;
  // GeoNames still files some Telangana towns under Andhra Pradesh, as before 2014.
  if (state === 'Andhra Pradesh' && nearestPostOfficeState(lat, lng) === 'Telangana') state = 'Telangana';
  const name = GEONAMES_RENAMES[g.cityId] ?? canonical(display(g.name), state);
  if (known(name, state, lat, lng)) continue;
  const population = GEONAMES_DISTRICT_POPULATIONS.has(g.cityId)
    ? 0
    : (GEONAMES_CENSUS_POPULATIONS[g.cityId] ?? g.population);
  // A section of a city (PPLX: Rohini, Shivaji Nagar) is a locality, unless the project names it a city.
  const isSection = g.featureCode === 'PPLX' && !projectNames.has(`${normalizePlace(name)}|${state}`);
  const isCity =
    !isSection && (population >= CITY_POPULATION || g.featureCode === 'PPLA' || g.featureCode === 'PPLC');
  add({
    id: `g${g.cityId}`,
    name,
    area: name,
    state,
    lat,
    lng,
    kind: isCity ? 'city' : 'town',
    rank: Math.max(population, UNKNOWN_TOWN_RANK),
  });
}

const metros = places.filter((p) => p.kind === 'city' && p.rank >= METRO_POPULATION);
function nearestMetro(state: string, lat: number, lng: number) {
  return nearestCity(metros, state, lat, lng, METRO_KM);
}
// GeoNames counts the census towns a metro has grown over as cities of their own (Nangloi Jat in Delhi,
// Serilingampalle in Hyderabad): unless the project names them, they are the metro's localities, or
// those of the city beside it that their corporation is (Airoli is Navi Mumbai's).
for (const city of places.filter((p) => p.kind === 'city' && p.rank < METRO_POPULATION)) {
  if (projectNames.has(`${normalizePlace(city.name)}|${city.state}`)) continue;
  const metro = nearestMetro(city.state, city.lat, city.lng);
  if (metro) Object.assign(city, { kind: 'locality', area: GEONAMES_CORPORATIONS[city.id] ?? metro.name });
}
const cities = places.filter((p) => p.kind === 'city');

function nearestCity(
  among: Place[],
  state: string,
  lat: number,
  lng: number,
  withinKm: number,
  norms?: string[],
) {
  let best: { km: number; city: Place } | undefined;
  for (const city of among) {
    if (city.state !== state || (norms && !norms.includes(normalizePlace(city.name)))) continue;
    const km = distanceKm(lat, lng, city.lat, city.lng);
    if (km <= withinKm && (!best || km < best.km)) best = { km, city };
  }
  return best?.city;
}

/**
 * The city a place belongs to: the nearest city, else the one its district is named after if near
 * (Whitefield, 17 km from Bengaluru's centre, is in "Bangalore" district), else a metro farther away. A
 * city that a metro's corporation has taken in hands its places to the metro (Porur is Chennai's).
 */
function owningCity(state: string, lat: number, lng: number, district?: string): Place | undefined {
  const city = nearestOwner(state, lat, lng, district);
  const metro = city && MERGED_INTO_METRO[`${city.name}|${state}`];
  return (metro && cities.find((c) => c.name === metro && c.state === state)) || city;
}
function nearestOwner(state: string, lat: number, lng: number, district?: string): Place | undefined {
  const metro = district && METRO_DISTRICTS[district];
  if (metro) {
    const own = nearestCity(metros, state, lat, lng, METRO_KM, [normalizePlace(metro)]);
    if (own) return own;
  }
  const nearest = nearestCity(cities, state, lat, lng, NEAREST_CITY_KM);
  if (nearest || !district) return nearest ?? nearestMetro(state, lat, lng);
  const norm = normalizePlace(district.replace(/\(.*\)/, ''));
  const byDistrict = nearestCity(cities, state, lat, lng, DISTRICT_CITY_KM, [norm, ...aliasesOf(norm)]);
  return byDistrict ?? nearestMetro(state, lat, lng);
}

// 2. Smaller GeoNames places inside a city's reach are its localities (Powai in Mumbai).
for (const town of places.filter((p) => p.kind === 'town')) {
  const city = owningCity(town.state, town.lat, town.lng);
  if (city) Object.assign(town, { kind: 'locality', area: city.name });
}

// A city at a metro's side (New Delhi by Delhi, Secunderabad by Hyderabad) is part of that metro to a
// commuter: its localities rank as the metro's, or Delhi's Naraina would come after Rajasthan's village.
const cityRank = new Map(
  cities.map((c) => {
    const metro = nearestCity(metros, c.state, c.lat, c.lng, NEAREST_CITY_KM);
    return [c.name + '|' + c.state, Math.max(c.rank, metro?.rank ?? 0)];
  }),
);
function localityRank(area: string, state: string): number {
  return Math.round((cityRank.get(area + '|' + state) ?? VILLAGE_RANK * 100) / 100);
}

// 3. The names the project and commuters use that no source has.
const handRank = { city: CITY_POPULATION, town: UNKNOWN_TOWN_RANK };
for (const hand of HAND_KEPT_PLACES) {
  const at = sources.pinCoordinates[hand.pin];
  if (!at) throw new Error(`PIN ${hand.pin} of ${hand.name} has no coordinates in the sources`);
  const area = hand.area ?? hand.name;
  add({
    id: `h-${normalizePlace(hand.name).replace(/ /g, '-')}`,
    name: hand.name,
    area,
    state: hand.state,
    lat: at.lat,
    lng: at.lng,
    kind: hand.kind,
    rank: hand.kind === 'locality' ? localityRank(area, hand.state) : handRank[hand.kind],
  });
}

// 4. Post offices: a city's localities, or villages and small towns, each at its PIN code's coordinates.
// One record of the source has its PIN code in the office's place and no office: it names nothing.
const offices = sources.postOffices
  .filter((po) => typeof po.pincode === 'string')
  .sort((a, b) => byText(a.pincode, b.pincode) || byText(a.office, b.office));
const perPin = new Map<string, number>();
for (const po of offices) {
  const at = sources.pinCoordinates[po.pincode];
  if (!at || !inIndia(at.lat, at.lng)) continue;
  const state = postalState(po);
  const name = canonical(officeName(po.office), state);
  if (!normalizePlace(name) || known(name, state, at.lat, at.lng)) continue;
  const n = perPin.get(po.pincode) ?? 0;
  perPin.set(po.pincode, n + 1);
  const id = n === 0 ? `p${po.pincode}` : `p${po.pincode}-${n}`;
  const place = { id, name, state, lat: at.lat, lng: at.lng };
  const city = owningCity(state, at.lat, at.lng, po.city);
  // The first office named after one of the project's cities that GeoNames lacks (Nagaon) stands for it.
  const key = `${normalizePlace(name)}|${state}`;
  if (!city && projectNames.has(key) && !byNameAndState.has(key)) {
    add({ ...place, area: name, kind: 'city', rank: CITY_POPULATION });
    continue;
  }
  add({
    ...place,
    area: city?.name ?? name,
    kind: city ? 'locality' : 'town',
    rank: city ? localityRank(city.name, state) : VILLAGE_RANK,
  });
}

// 5. A locality of a metro, or of a city at its side (New Delhi, Secunderabad), also under the shorter
// name commuters say ("Bandra" for "Bandra West", "Dwarka" for "Dwarka Sec-6"), after all offices so that
// an office of that very name wins. None where a place of that name, or of the same consonants, lies near
// (Rohini Sector-7 is Rohini; Hadpsar I.E. is by Hadapsar). Not elsewhere: "Salmara North" is a village,
// not a side of Salmara.
const byMetro = new Set(
  cities
    .filter((c) => nearestCity(metros, c.state, c.lat, c.lng, NEAREST_CITY_KM))
    .map((c) => `${c.name}|${c.state}`),
);
const metroOffices = places.filter(
  (p) => p.id.startsWith('p') && p.kind === 'locality' && byMetro.has(`${p.area}|${p.state}`),
);
for (const office of metroOffices) {
  const name = commuterName(office.name);
  if (!name) continue;
  const short = canonical(name, office.state);
  if (known(short, office.state, office.lat, office.lng) || spelledNear(short, office)) continue;
  add({ ...office, id: `${office.id}-short`, name: short });
}

/** Another place near the office spelled with the same consonants ("Bhosari I.E." itself does not count). */
function spelledNear(name: string, office: Place): boolean {
  const spelled = consonants(name);
  return places.some(
    (p) =>
      p !== office &&
      p.state === office.state &&
      consonants(p.name) === spelled &&
      distanceKm(p.lat, p.lng, office.lat, office.lng) < SAME_PLACE_KM,
  );
}

const missing = INDIAN_CITIES.filter(
  ([name, state]) => !byNameAndState.has(`${normalizePlace(name)}|${state}`),
);
if (missing.length > 0)
  console.warn(`not in the gazetteer: ${missing.map(([n, s]) => `${n} (${s})`).join(', ')}`);

const written = await writeGazetteer(
  places.filter((p) => inIndia(p.lat, p.lng)),
  args.out,
);
console.log(`${written} places written to ${args.out}`);
