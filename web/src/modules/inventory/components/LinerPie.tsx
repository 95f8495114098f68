import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { rgbaCss } from '../utils/linerColor';
import type { Rgba } from '../utils/parseColor';

export interface PieSlice {
  liner: string;
  count: number;
  color: Rgba;
}

// Containers of an area by liner; a slice click picks that liner as the area's filter (again: all).
export function LinerPie({
  slices,
  size,
  selected,
  onSelect,
  label,
}: {
  slices: PieSlice[];
  size: number;
  selected: string | null;
  onSelect: (liner: string) => void;
  label: string;
}) {
  const radius = size / 2;
  return (
    <svg width={size} height={size} role="img" aria-label={label}>
      <Group top={radius} left={radius}>
        <circle r={radius - 1} fill="none" stroke="var(--mantine-color-dark-4)" />
        <Pie
          data={slices}
          pieValue={(slice) => slice.count}
          outerRadius={radius - 2}
          innerRadius={radius * 0.52}
          padAngle={0.012}
        >
          {(pie) =>
            pie.arcs.map((arc) => {
              const dimmed = selected !== null && selected !== arc.data.liner;
              return (
                <path
                  key={arc.data.liner}
                  d={pie.path(arc) ?? ''}
                  fill={rgbaCss(arc.data.color)}
                  opacity={dimmed ? 0.25 : 1}
                  stroke={selected === arc.data.liner ? '#ffffff' : 'none'}
                  strokeWidth={1.5}
                  style={{ cursor: 'pointer' }}
                  data-testid="inventory-pie-slice"
                  data-liner={arc.data.liner}
                  onClick={() => onSelect(arc.data.liner)}
                >
                  <title>{`${arc.data.liner}: ${arc.data.count}`}</title>
                </path>
              );
            })
          }
        </Pie>
      </Group>
    </svg>
  );
}
