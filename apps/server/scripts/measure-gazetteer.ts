/**
 * How fast the gazetteer loads, what heap it adds and how long its lookups take, on the built server:
 * `npx tsc -b packages/shared apps/server && node --expose-gc --experimental-strip-types
 * apps/server/scripts/measure-gazetteer.ts`. Numbers are recorded in docs/decisions/013-gazetteer.md.
 */
import { statSync } from 'node:fs';
import { GAZETTEER_FILE, loadGazetteer } from '../dist/features/places/gazetteer.js';
import { normalizePlace } from '../src/features/places/place-names.ts';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}
const ms = (x: number) => `${x.toFixed(3)} ms`;

/** Wall time and CPU time: on a shared machine the wall time also counts other processes' turns. */
function timed<T>(f: () => T): { value: T; wall: number; cpu: number } {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const value = f();
  const cpu = process.cpuUsage(cpuBefore);
  return { value, wall: performance.now() - wallBefore, cpu: (cpu.user + cpu.system) / 1000 };
}
const both = (t: { wall: number; cpu: number }) => `${t.wall.toFixed(1)} ms (cpu ${t.cpu.toFixed(1)} ms)`;

gc();
const before = process.memoryUsage();
const first = timed(() => loadGazetteer());
const places = first.value;
gc();
const after = process.memoryUsage();
const loads = Array.from({ length: 5 }, () => timed(() => loadGazetteer()));
console.log(`file: ${(statSync(GAZETTEER_FILE).size / 1e6).toFixed(2)} MB, ${places.size} places`);
console.log(`load: first ${both(first)}; next five ${loads.map(both).join(', ')}`);
console.log(
  `retained after load: heap +${((after.heapUsed - before.heapUsed) / 1e6).toFixed(1)} MB, ` +
    `rss +${((after.rss - before.rss) / 1e6).toFixed(1)} MB`,
);

// Every distinct prefix of one to six characters of every place's name: what typing into autocomplete asks.
const prefixes = new Set<string>();
for (const p of places.all()) {
  const norm = normalizePlace(p.name);
  for (let n = 1; n <= Math.min(6, norm.length); n += 1) prefixes.add(norm.slice(0, n));
}
const queries = [...prefixes];
for (const q of queries.slice(0, 2000)) places.suggest(q);
const times: number[] = [];
let start = 0;
for (const q of queries) {
  start = performance.now();
  places.suggest(q);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(
  `suggest over ${times.length} prefixes: p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, ` +
    `max ${ms(times.at(-1)!)}`,
);
const short = queries.filter((q) => q.length === 1);
console.log(`  one-letter prefixes (${short.length}), the widest ranges:`);
for (const q of short) {
  start = performance.now();
  places.suggest(q);
  console.log(`    ${q}: ${ms(performance.now() - start)}`);
}

const near: number[] = [];
for (let i = 0; i < 10_000; i += 1) {
  const lat = 8 + ((i * 7919) % 2800) / 100;
  const lng = 69 + ((i * 104729) % 2700) / 100;
  start = performance.now();
  places.nearest(lat, lng);
  near.push(performance.now() - start);
}
near.sort((a, b) => a - b);
console.log(`nearest over 10,000 points: p50 ${ms(percentile(near, 50))}, p99 ${ms(percentile(near, 99))}`);
