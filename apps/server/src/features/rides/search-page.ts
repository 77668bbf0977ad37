/**
 * A page of search results as bytes (decision 008), and the answer a viewer gets from it.
 *
 * A page is the whole `ok(Ride[])` answer with every ride flagged `"isOwnRide":false`, kept gzip-compressed
 * (decision 029): JSON of rides compresses about eightfold, so the search cache's bound holds that many more
 * pages, and a client that accepts gzip (every browser) gets those bytes as they are, an eighth of the
 * transfer on a slow network. A driver who sees one of their own rides gets the JSON with it flagged.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { okJsonText } from '../../lib/envelope.js';
import type { JsonAnswer } from '../../lib/gzip-answer.js';
import type { Audience } from '../marketplace/audience.js';
import type { FoundPage } from './found-rides.js';
import { presentRide } from './ride-presenter.js';
import type { SearchPage } from './search-cache.js';

/** A page just built: its JSON too, so the request that built it does not inflate it again. */
export type BuiltPage = SearchPage & { json: Buffer };

/** What a viewer is sent: the JSON, and the same bytes gzip-compressed when they suit this viewer as kept. */
export type SearchAnswer = JsonAnswer;

/**
 * zlib's sync calls write into `chunkSize` buffers cut from Node's shared 64 KB pool. At the default 16 KB
 * a page used a quarter of a block, so at a few hundred pages a second some 100 MB of blocks waited for
 * the collector (a page's bytes are copied out when kept, search-cache.ts). A page compresses to 1.5-4 KB.
 */
const GZIP = { chunkSize: 4096 };

/**
 * The page for `found`, phones as `audience` sees them (a stranger, for kept pages), with where each
 * ride's flag is and the drivers whose phone that audience is not shown.
 */
export function buildPage({ rides: found, soonestBoarding }: FoundPage, audience: Audience): BuiltPage {
  const driverIds: string[] = [];
  const flags: number[] = [];
  const parts: string[] = [];
  let offset = 0;
  for (const { ride, segment } of found) {
    // Presented for nobody in particular (no passengers), then flagged: the flag goes last in a Ride.
    // Search shows the segment's seats and price at the top level (CONTRACT.md section 7).
    const shown = {
      ...presentRide(ride, audience),
      availableSeats: segment.availableSeats,
      pricePerSeat: segment.pricePerSeat,
      segment,
    };
    const head = `${parts.length ? ',' : ''}${JSON.stringify(shown).slice(0, -1)},"isOwnRide":`;
    offset += Buffer.byteLength(head);
    flags.push(offset);
    offset += Buffer.byteLength('false}');
    parts.push(`${head}false}`);
    driverIds.push(ride.driverId);
  }
  const data = `[${parts.join('')}]`;
  const text = okJsonText(data);
  const dataAt = Buffer.byteLength(text.slice(0, text.indexOf(data))) + 1;
  const json = Buffer.from(text);
  return {
    json,
    gzip: gzipSync(json, GZIP),
    driverIds,
    flagOffsets: flags.map((f) => dataAt + f),
    // Boarding, not departure; of the pages before it too (FoundPage).
    firstDepartureAt: soonestBoarding,
    withheld: [
      ...new Set(
        found.filter((f) => f.ride.driver.contactVisibility !== 'EVERYONE').map((f) => f.ride.driverId),
      ),
    ],
  };
}

const TRUE = Buffer.from('true');

/** The page as its viewer gets it: the kept bytes, or the JSON with the viewer's own rides flagged true. */
export function answerFor(page: SearchPage & { json?: Buffer }, viewerId: string): SearchAnswer {
  // A gzip member ends with the length of what it holds (RFC 1952, ISIZE): inflated into one buffer.
  const json = () =>
    page.json ??
    gunzipSync(page.gzip, { chunkSize: Math.max(64, page.gzip.readUInt32LE(page.gzip.length - 4)) });
  const own = page.driverIds.flatMap((driverId, i) => (driverId === viewerId ? [page.flagOffsets[i]!] : []));
  if (own.length === 0) return { gzip: page.gzip, json };
  const body = json();
  const chunks: Buffer[] = [];
  let at = 0;
  for (const flag of own) {
    chunks.push(body.subarray(at, flag), TRUE);
    at = flag + 'false'.length;
  }
  chunks.push(body.subarray(at));
  const flagged = Buffer.concat(chunks);
  return { json: () => flagged };
}
