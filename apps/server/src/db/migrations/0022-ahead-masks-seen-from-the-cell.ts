import { AHEAD_LAYOUT } from '../../features/marketplace/ahead-masks.js';
import { LAYOUT_BEFORE } from './ahead-masks-before.js';
import { inOneTransaction } from './one-transaction.js';
import { drawMasksAgain } from './grid-batches.js';

/**
 * The masks of a grid row (where the ride goes from there on, marketplace/ahead-masks.ts) say where the
 * later cells lie as seen from the row's cell, not where they fall on a pattern repeating across the
 * map: every ride leaving Mumbai carried Vadodara's bits, so a search to Vadodara read them all (decision
 * 034). Every grid row's masks are drawn again from its ride's points in the layout search now reads
 * with; stepping down draws them in the layout before (ahead-masks-before.ts).
 */
export const up = inOneTransaction((db) => drawMasksAgain(db, AHEAD_LAYOUT));
export const down = inOneTransaction((db) => drawMasksAgain(db, LAYOUT_BEFORE));
