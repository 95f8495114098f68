import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import type { DashboardChartType } from '@openyard/contracts';
import { labelEvery, valueTicks } from '../utils/chartScale';

export interface Series {
  name: string;
  color: string;
  values: number[];
}

const MARGIN = { top: 22, right: 8, bottom: 22, left: 40 };
const AXIS = 'var(--mantine-color-dark-2)';
const tickLabel = { fill: AXIS, fontSize: 10, fontFamily: 'inherit' } as const;

// Where a series' name starts in the legend: after the names before it (about 6 px a letter).
const legendOffset = (series: Series[], index: number) =>
  series.slice(0, index).reduce((offset, each) => offset + 24 + each.name.length * 6, 0);

// A column or line chart of one or more series over categories (areas, months, days, machines),
// with the series named above it. A click on a category (`onCategoryClick`) drills into it.
export function SeriesChart({
  type,
  categories,
  labels = categories,
  series,
  width,
  height,
  onCategoryClick,
  testId,
}: {
  type: Exclude<DashboardChartType, 'pie'>;
  categories: string[];
  labels?: string[];
  series: Series[];
  width: number;
  height: number;
  onCategoryClick?: (category: string) => void;
  testId: string;
}) {
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  if (innerWidth < 20 || innerHeight < 20) return null;
  const { top, ticks } = valueTicks(Math.max(0, ...series.flatMap((each) => each.values)));
  const x = scaleBand({ domain: categories, range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0] });
  const band = x.bandwidth();
  const barWidth = band / Math.max(1, series.length);
  const every = labelEvery(categories.length, Math.floor(innerWidth / 44));
  const labelOf = new Map(categories.map((category, index) => [category, labels[index] ?? category]));
  return (
    <svg
      width={width}
      height={height}
      role="img"
      aria-label={series.map((each) => each.name).join(', ')}
      data-testid={testId}
    >
      <Group left={MARGIN.left} top={4}>
        {series.map((each, index) => (
          <g key={each.name} transform={`translate(${legendOffset(series, index)}, 0)`}>
            <rect width={10} height={10} y={0} fill={each.color} rx={2} />
            <text x={14} y={9} fontSize={11} fill={AXIS}>
              {each.name}
            </text>
          </g>
        ))}
      </Group>
      <Group left={MARGIN.left} top={MARGIN.top}>
        {ticks.map((tick) => (
          <line key={tick} x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} stroke="var(--mantine-color-dark-5)" />
        ))}
        {type === 'column'
          ? series.map((each, seriesIndex) =>
              categories.map((category, index) => {
                const value = each.values[index] ?? 0;
                const barY = y(value);
                return (
                  <Bar
                    key={`${each.name}-${category}`}
                    x={(x(category) ?? 0) + seriesIndex * barWidth}
                    y={barY}
                    width={Math.max(1, barWidth - 1)}
                    height={innerHeight - barY}
                    fill={each.color}
                    data-testid={`${testId}-bar`}
                    data-category={category}
                    data-series={each.name}
                    data-value={value}
                  >
                    <title>{`${labelOf.get(category)} · ${each.name}: ${value}`}</title>
                  </Bar>
                );
              }),
            )
          : series.map((each) => (
              <Group key={each.name}>
                <LinePath
                  data={categories.map((category, index) => ({ category, value: each.values[index] ?? 0 }))}
                  x={(point) => (x(point.category) ?? 0) + band / 2}
                  y={(point) => y(point.value)}
                  stroke={each.color}
                  strokeWidth={2}
                />
                {categories.map((category, index) => (
                  <circle
                    key={category}
                    cx={(x(category) ?? 0) + band / 2}
                    cy={y(each.values[index] ?? 0)}
                    r={3}
                    fill={each.color}
                    data-testid={`${testId}-point`}
                    data-category={category}
                    data-series={each.name}
                    data-value={each.values[index] ?? 0}
                  >
                    <title>{`${labelOf.get(category)} · ${each.name}: ${each.values[index] ?? 0}`}</title>
                  </circle>
                ))}
              </Group>
            ))}
        {onCategoryClick &&
          categories.map((category) => (
            <rect
              key={category}
              x={x(category) ?? 0}
              y={0}
              width={band}
              height={innerHeight}
              fill="transparent"
              style={{ cursor: 'zoom-in' }}
              role="button"
              aria-label={`Open ${labelOf.get(category)}`}
              data-testid={`${testId}-drill`}
              data-category={category}
              onClick={() => onCategoryClick(category)}
            />
          ))}
        <AxisLeft
          scale={y}
          tickValues={ticks}
          stroke={AXIS}
          tickStroke={AXIS}
          tickLabelProps={() => ({ ...tickLabel, textAnchor: 'end', dx: -2, dy: 3 })}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          stroke={AXIS}
          tickStroke={AXIS}
          tickValues={categories.filter((_, index) => index % every === 0)}
          tickFormat={(category) => labelOf.get(category) ?? category}
          tickLabelProps={() => ({ ...tickLabel, textAnchor: 'middle' })}
        />
      </Group>
    </svg>
  );
}
