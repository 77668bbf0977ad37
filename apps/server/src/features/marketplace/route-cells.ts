/**
 * The grid that makes search along the way an index lookup (decision 020).
 *
 * The map is cut into cells of CELL_DEG degrees (about 22 km north-south). Each ride's route, its points
 * and the straight lines between them, is drawn onto the grid: `routeCells` lists every cell the route
 * crosses, with the first and last leg crossing it. A search looks up the cells within radiusKm of the
 * searched place (`cellsNear`) on the date: any ride passing within radiusKm has its nearest point in one
 * of them. Exact distances are then worked out for those rides only (route-match.ts).
 */
export const CELL_DEG = 0.2;
const COLUMNS = Math.round(360 / CELL_DEG);
const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG_EQUATOR = 111.32;

/** Sampling step along a line, as a share of a cell: a cell the line grazes between two samples is near one. */
const STEP_DEG = CELL_DEG / 8;

/** Each cell is cut into SUB x SUB sub-cells (about 3 km) for `near` (sub-cells.ts, decision 028). */
export const SUB = 7;

/** Sets are sums of distinct powers of two below 2^53: exact JavaScript numbers, and SQL integers. */
export function withBit(set: number, bit: number): number {
  return Math.floor(set / 2 ** bit) % 2 === 1 ? set : set + 2 ** bit;
}

/** The sub-cell of a position inside its cell (`cellOf`), as a bit number. */
export function subCellBit(lat: number, lng: number): number {
  const y = (lat + 90) / CELL_DEG;
  const x = (lng + 180) / CELL_DEG;
  const row = Math.min(SUB - 1, Math.floor((y - Math.floor(y)) * SUB));
  const col = Math.min(SUB - 1, Math.floor((x - Math.floor(x)) * SUB));
  return row * SUB + col;
}

export function cellOf(lat: number, lng: number): number {
  const row = Math.floor((lat + 90) / CELL_DEG);
  const col = Math.floor((lng + 180) / CELL_DEG);
  return row * COLUMNS + col;
}

/** Where a cell lies on the grid: its row (south to north) and column (west to east). */
export function gridPosition(cell: number): { row: number; col: number } {
  return { row: Math.floor(cell / COLUMNS), col: cell % COLUMNS };
}

/**
 * Every cell that a point within `radiusKm` of (lat, lng) can lie in, and a little more: routes are
 * sampled every STEP_DEG, so a route passing through a cell between two samples is listed in the cell of
 * a sample at most STEP_DEG further away.
 */
export function cellsNear(lat: number, lng: number, radiusKm: number): number[] {
  const dLat = radiusKm / KM_PER_DEG_LAT + STEP_DEG;
  const cos = Math.max(0.05, Math.cos((Math.max(Math.abs(lat) + dLat, 0) * Math.PI) / 180));
  const dLng = Math.min(180, radiusKm / (KM_PER_DEG_LNG_EQUATOR * cos) + STEP_DEG);
  const cells: number[] = [];
  const [rowLow, rowHigh] = [
    Math.floor((lat - dLat + 90) / CELL_DEG),
    Math.floor((lat + dLat + 90) / CELL_DEG),
  ];
  const [colLow, colHigh] = [
    Math.floor((lng - dLng + 180) / CELL_DEG),
    Math.floor((lng + dLng + 180) / CELL_DEG),
  ];
  for (let row = rowLow; row <= rowHigh; row += 1) {
    for (let col = colLow; col <= colHigh; col += 1) cells.push(row * COLUMNS + ((col + COLUMNS) % COLUMNS));
  }
  return cells;
}

export interface RoutePoint {
  lat: number | null;
  lng: number | null;
  /** When the ride is there (UTC ms); absent where only the cells matter (search-page notices). */
  at?: number;
}

export interface RouteCell {
  cell: number;
  /** The first and last leg (leg k joins point k and k + 1) crossing the cell. */
  firstLeg: number;
  lastLeg: number;
  /** When the ride first reaches the cell (interpolated along the leg): never after any boarding in it. */
  at: number;
  /** When it is last there (the sample after its last one in the cell): never before any leaving in it. */
  until: number;
  /** The sub-cells its samples fall in, one bit each (`subCellBit`): where in the cell it passes. */
  near: number;
}

/** The cells a route crosses, each once. Points without coordinates draw nothing (they match by name). */
export function routeCells(points: readonly RoutePoint[]): RouteCell[] {
  const cells = new Map<number, RouteCell>();
  const mark = (lat: number, lng: number, leg: number, at: number, until = at) => {
    const cell = cellOf(lat, lng);
    const bit = subCellBit(lat, lng);
    const known = cells.get(cell);
    if (!known) cells.set(cell, { cell, firstLeg: leg, lastLeg: leg, at, until, near: withBit(0, bit) });
    else {
      known.lastLeg = Math.max(known.lastLeg, leg);
      known.until = Math.max(known.until, until);
      known.near = withBit(known.near, bit);
    }
  };
  for (let leg = 0; leg + 1 < points.length; leg += 1) {
    const a = points[leg]!;
    const b = points[leg + 1]!;
    const [aKnown, bKnown] = [a.lat !== null && a.lng !== null, b.lat !== null && b.lng !== null];
    // A line needs both ends; a point with coordinates next to one without is still found near itself.
    if (!aKnown || !bKnown) {
      if (aKnown) mark(a.lat!, a.lng!, leg, a.at ?? 0);
      if (bKnown) mark(b.lat!, b.lng!, leg, b.at ?? 0);
      continue;
    }
    if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) continue;
    const steps = Math.max(
      1,
      Math.ceil(Math.max(Math.abs(b.lat - a.lat), Math.abs(b.lng - a.lng)) / STEP_DEG),
    );
    for (let i = 0; i <= steps; i += 1) {
      const t = i / steps;
      const span = (b.at ?? 0) - (a.at ?? 0);
      const at = (a.at ?? 0) + span * Math.max(0, t - 1 / steps);
      const until = (a.at ?? 0) + span * Math.min(1, t + 1 / steps);
      mark(
        a.lat + (b.lat - a.lat) * t,
        a.lng + (b.lng - a.lng) * t,
        leg,
        Math.floor(at),
        Math.ceil(until),
      );
    }
  }
  return [...cells.values()];
}
