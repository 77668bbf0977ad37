import { gridPosition, withBit } from './route-cells.js';

/**
 * Where a ride goes from a cell on, folded into two bit sets stored with each of its ride_cells rows
 * (decision 020, part C), so a search tests "does it later pass near `to`?" on the row it already reads,
 * instead of looking the ride up again.
 *
 * The bits say where the later cells lie as seen from the row's own cell (decision 034): each cell
 * within two rows and columns of it has a bit of its own; further out, rings of growing width are cut
 * into twelve sectors of 30 degrees. A search asks each cell it reads with the bits of `to`'s cells as
 * seen from that cell. A ride leaving Mumbai for Pune and a search from Mumbai to Vadodara now differ
 * in direction and distance; when the bits were the cells' positions on a repeating pattern, every ride
 * leaving Mumbai carried Vadodara's. It is a superset test: a row whose sets meet the search's in
 * either column is checked exactly (route-match.ts); one that meets in neither cannot match.
 *
 * `fine`: the 25 nearest cells (bits 0-24), then the rings 3-4 and 5-7 cells away (bits 25-48).
 * `coarse`: the rings 8-12, 13-20, 21-33 and 34 or more cells away (bits 0-47).
 */
const NEAR = 2;
const SECTORS = 12;
const FINE_RINGS = [4, 7];
const COARSE_RINGS = [12, 20, 33, Infinity];
/** A later point without coordinates: it can only be matched by name, so such rows always pass. */
export const UNLOCATED = 2 ** (COARSE_RINGS.length * SECTORS);

export interface AheadMasks {
  fine: number;
  coarse: number;
}

/** How a set of cells is folded into masks, and the bit that marks a later point without coordinates. */
export interface MaskLayout {
  masksOf(cells: Iterable<number>, seenFrom: number): AheadMasks;
  unlocated: number;
}

const sector = (dRow: number, dCol: number) =>
  Math.floor(((Math.atan2(dRow, dCol) + Math.PI) / (2 * Math.PI)) * SECTORS + 0.5) % SECTORS;
const ringOf = (rings: readonly number[], d: number) => rings.findIndex((outer) => d <= outer);

/** The bits of a set of grid cells, as seen from the cell `seenFrom`. */
export function masksOf(cells: Iterable<number>, seenFrom: number): AheadMasks {
  const origin = gridPosition(seenFrom);
  let fine = 0;
  let coarse = 0;
  for (const cell of cells) {
    const { row, col } = gridPosition(cell);
    const [dRow, dCol] = [row - origin.row, col - origin.col];
    const d = Math.max(Math.abs(dRow), Math.abs(dCol));
    const side = 2 * NEAR + 1;
    if (d <= NEAR) fine = withBit(fine, (dRow + NEAR) * side + dCol + NEAR);
    else if (d <= FINE_RINGS.at(-1)!)
      fine = withBit(fine, side * side + ringOf(FINE_RINGS, d) * SECTORS + sector(dRow, dCol));
    else coarse = withBit(coarse, ringOf(COARSE_RINGS, d) * SECTORS + sector(dRow, dCol));
  }
  return { fine, coarse };
}

/** The layout search reads with; a migration that changes it draws the grid again (decision 034). */
export const AHEAD_LAYOUT: MaskLayout = { masksOf, unlocated: UNLOCATED };
