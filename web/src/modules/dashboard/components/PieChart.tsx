import { Group } from '@visx/group';
import { Pie } from '@visx/shape';

export interface PieSlice {
  key: string;
  label: string;
  value: number;
  color: string;
}

// A pie with its legend beside it (label and figure, so colour never carries the meaning alone).
export function PieChart({
  slices,
  width,
  height,
  testId,
}: {
  slices: PieSlice[];
  width: number;
  height: number;
  testId: string;
}) {
  const legendWidth = Math.min(190, width * 0.5);
  const size = Math.max(0, Math.min(width - legendWidth - 8, height - 8));
  if (size < 30) return null;
  const radius = size / 2;
  const shown = slices.filter((slice) => slice.value > 0);
  const total = shown.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <svg width={width} height={height} role="img" aria-label={`${total} in all`} data-testid={testId}>
      <Group top={height / 2} left={radius + 4}>
        {total === 0 ? (
          <circle r={radius - 1} fill="none" stroke="var(--mantine-color-dark-4)" />
        ) : (
          <Pie
            data={shown}
            pieValue={(slice) => slice.value}
            outerRadius={radius - 1}
            innerRadius={radius * 0.45}
            padAngle={0.01}
          >
            {(pie) =>
              pie.arcs.map((arc) => (
                <path
                  key={arc.data.key}
                  d={pie.path(arc) ?? ''}
                  fill={arc.data.color}
                  data-testid={`${testId}-slice`}
                  data-key={arc.data.key}
                  data-value={arc.data.value}
                >
                  <title>{`${arc.data.label}: ${arc.data.value}`}</title>
                </path>
              ))
            }
          </Pie>
        )}
        <text textAnchor="middle" dy={5} fontSize={14} fill="var(--mantine-color-dark-0)">
          {total}
        </text>
      </Group>
      <Group left={size + 16} top={Math.max(8, height / 2 - (slices.length * 18) / 2)}>
        {slices.map((slice, index) => (
          <g
            key={slice.key}
            transform={`translate(0, ${index * 18})`}
            data-testid={`${testId}-legend`}
            data-key={slice.key}
          >
            <rect width={10} height={10} y={2} rx={2} fill={slice.color} />
            <text x={16} y={11} fontSize={11} fill="var(--mantine-color-dark-1)">
              {`${slice.label.length > 22 ? `${slice.label.slice(0, 21)}…` : slice.label}  ${slice.value}`}
            </text>
          </g>
        ))}
      </Group>
    </svg>
  );
}
