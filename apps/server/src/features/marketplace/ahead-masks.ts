import { gridPosition, withBit } from './route-cells.js';

/**
 * Where a ride goes from a cell on, folded into two small bit sets stored with each of its ride_cells rows
 * (decision 020, part C), so a search tests "does it later pass near `to`?" on the row it already reads,
 * instead of looking the ride up again.
 *
 * Each set tiles the map with a pattern of 8 x 6 tiles, one bit each: `fine` with the grid's own cells
 * (the pattern repeats every 1.6 x 1.2 degrees), `coarse` with blocks of 2 x 2 cells (every 3.2 x 2.4
 * degrees). Nearby cells never share a bit, so a ride heading elsewhere rarely has the bits of the `to`
 * area in both sets. It is a superset test: a row that passes is checked exactly (route-match.ts); one
 * that fails cannot match.
 */
const ROWS = 8;
const COLUMNS = 6;
/** A later point without coordinates: it can only be matched by name, so such rows always pass. */
export const UNLOCATED = 2 ** (ROWS * COLUMNS);

export interface AheadMasks {
  fine: number;
  coarse: number;
}

const tile = (row: number, col: number) => (row % ROWS) * COLUMNS + (col % COLUMNS);

/** The bits of a set of grid cells. */
export function masksOf(cells: Iterable<number>): AheadMasks {
  let fine = 0;
  let coarse = 0;
  for (const cell of cells) {
    const { row, col } = gridPosition(cell);
    fine = withBit(fine, tile(row, col));
    coarse = withBit(coarse, tile(Math.floor(row / 2), Math.floor(col / 2)));
  }
  return { fine, coarse };
}
