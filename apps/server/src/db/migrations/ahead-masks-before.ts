import type { AheadMasks, MaskLayout } from '../../features/marketplace/ahead-masks.js';
import { gridPosition, withBit } from '../../features/marketplace/route-cells.js';

/**
 * The masks grid rows carried from migration 0013 to 0021, kept as they were, so the migrations of that
 * time draw the grid as the code of that time read it: 8 x 6 tiles of cells, and the same tiles of 2 x 2
 * blocks, both repeating every 16 rows and 12 columns (decision 034).
 */
export const LAYOUT_BEFORE: MaskLayout = {
  masksOf(cells: Iterable<number>): AheadMasks {
    const tile = (row: number, col: number) => (row % 8) * 6 + (col % 6);
    let fine = 0;
    let coarse = 0;
    for (const cell of cells) {
      const { row, col } = gridPosition(cell);
      fine = withBit(fine, tile(row, col));
      coarse = withBit(coarse, tile(Math.floor(row / 2), Math.floor(col / 2)));
    }
    return { fine, coarse };
  },
  unlocated: 2 ** 48,
};
