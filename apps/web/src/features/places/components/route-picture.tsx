import { useId } from 'react';
import { formatTime } from '@/lib/format';
import { placeLabels } from '../utils/label-placement';
import { project } from '../utils/projection';
import { located, onSegment, partEnds, type RouteSegment, type RouteStop } from '../route-types';

const W = 320;
const H = 180;
const PAD = 22;

/** "Bengaluru 08:00, Mandya 09:10, Mysuru 10:00": the points in order, for the picture's description. */
function describe(
  stops: readonly RouteStop[],
  segment: RouteSegment | null | undefined,
  part: string,
): string {
  // A route still being typed may have points without a time yet.
  const points = stops.map((s) => (s.time ? `${s.place} ${formatTime(s.time)}` : s.place)).join(', ');
  const ends = segment ? partEnds(stops, segment) : null;
  return ends ? `${points}. ${part}: ${ends[0]} to ${ends[1]}.` : `${points}.`;
}

interface Props {
  stops: readonly RouteStop[];
  /** Highlighted: the part a passenger rides. */
  segment?: RouteSegment | null | undefined;
  /** Whose the highlighted part is, in words: the driver looks at a passenger's. */
  partLabel?: string;
  className?: string;
}

/**
 * A ride's route as a picture: its points in order, to scale (equirectangular, north up), each leg a line,
 * the passenger's part highlighted, every point labelled with its name. Drawn without any map, so it shows
 * when tiles are not configured or cannot load. Points whose place has no coordinates are left out of the
 * drawing (the description still names them).
 */
export function RoutePicture({ stops, segment, partLabel = 'Your part', className }: Props) {
  const id = useId();
  const drawn = stops.filter(located);
  const xy = project(drawn, W, H, PAD);
  const at = new Map(drawn.map((s, i) => [s.index, xy[i]!]));
  const labels = placeLabels(
    xy,
    drawn.map((s) => s.place),
    W,
  );
  const title = `Route: ${stops.map((s) => s.place).join(' → ')}`;
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-t ${id}-d`}
      className={className ?? 'h-auto w-full rounded-lg bg-slate-50 ring-1 ring-slate-200'}
      data-testid="route-picture"
    >
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{describe(stops, segment, partLabel)}</desc>
      {stops.slice(0, -1).map((s, leg) => {
        const a = at.get(s.index);
        const b = at.get(stops[leg + 1]!.index);
        if (!a || !b) return null;
        const mine = onSegment(leg, segment);
        return (
          <line
            key={`leg-${s.index}`}
            x1={a.x}
            y1={a.y}
            x2={b.x}
            y2={b.y}
            data-leg={leg}
            data-segment={mine || undefined}
            stroke={mine ? '#1d4ed8' : '#94a3b8'}
            strokeWidth={mine ? 4 : 2}
            strokeDasharray={segment && !mine ? '4 4' : undefined}
            strokeLinecap="round"
          />
        );
      })}
      {drawn.map((s, i) => {
        const p = at.get(s.index)!;
        const end = s.index === 0 || s.index === stops.length - 1;
        const label = labels[i]!;
        return (
          <g key={`pt-${s.index}`}>
            <circle
              cx={p.x}
              cy={p.y}
              r={end ? 5 : 3.5}
              fill={end ? '#0f172a' : '#ffffff'}
              stroke="#0f172a"
              strokeWidth={1.5}
            />
            <text
              x={label.x}
              y={label.y}
              textAnchor={label.anchor}
              fontSize={11}
              fill="#0f172a"
              paintOrder="stroke"
              stroke="#f8fafc"
              strokeWidth={3}
            >
              {s.place}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
