import { Box, Group as Row, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { labelEvery, niceMax, type StackedBar } from '../utils/chartData';

const HEIGHT = 220;
const MARGIN = { top: 18, right: 8, bottom: 28, left: 40 };
// The widest x label the chart expects (a yard day, YYYY-MM-DD, at 11 px).
const LABEL_PX = 72;
const AXIS = 'var(--mantine-color-dark-2)';
const GRID = 'var(--mantine-color-dark-5)';
// A few bars over a wide chart stay this wide, centred in their band.
const MAX_BAR_PX = 88;

// Bars of one or more stacked parts (the parts' colours in `colors`, or one colour per bar with
// `barColors`), a count above each bar, labels under them (every nth when they would not fit) and
// round gridlines. Draws at the width of its box.
export function StackedBarChart({
  bars,
  parts,
  colors,
  barColors,
  label,
  testId,
}: {
  bars: readonly StackedBar[];
  parts: readonly string[];
  colors: readonly string[];
  barColors?: readonly string[];
  label: string;
  testId: string;
}) {
  const { ref, width } = useElementSize();
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const top = niceMax(Math.max(0, ...bars.map((bar) => bar.total)));
  const x = scaleBand({ domain: bars.map((_, index) => index), range: [0, innerWidth], padding: 0.25 });
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0] });
  const ticks = y.ticks(4).filter((tick) => Number.isInteger(tick));
  const every = labelEvery(bars.length, innerWidth, LABEL_PX);
  const barWidth = Math.min(x.bandwidth(), MAX_BAR_PX);
  const inset = (x.bandwidth() - barWidth) / 2;
  const colorOf = (bar: number, part: number) => barColors?.[bar] ?? colors[part % colors.length]!;

  return (
    <Box data-testid={testId}>
      {parts.length > 1 && (
        <Row gap="md" mb={4} justify="flex-end" data-testid={`${testId}-legend`}>
          {parts.map((part, index) => (
            <Row key={part} gap={6} wrap="nowrap">
              <Box w={10} h={10} style={{ background: colors[index], borderRadius: 2 }} />
              <Text size="xs" c="dimmed">
                {part}
              </Text>
            </Row>
          ))}
        </Row>
      )}
      <Box ref={ref} w="100%" h={HEIGHT}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label={label}>
            <Group left={MARGIN.left} top={MARGIN.top}>
              {ticks.map((tick) => (
                <Group key={tick} top={y(tick)}>
                  <Line
                    from={{ x: 0, y: 0 }}
                    to={{ x: innerWidth, y: 0 }}
                    stroke={GRID}
                    strokeDasharray={tick ? '2 3' : undefined}
                  />
                  <text x={-6} dy="0.32em" textAnchor="end" fontSize={11} fill={AXIS}>
                    {tick}
                  </text>
                </Group>
              ))}
              {bars.map((bar, index) => {
                const left = (x(index) ?? 0) + inset;
                let base = 0;
                return (
                  <Group
                    key={`${bar.label}-${index}`}
                    data-testid={`${testId}-bar`}
                    data-label={bar.label}
                    data-total={bar.total}
                  >
                    <title>{`${bar.label}: ${bar.parts.map((value, part) => `${parts[part]} ${value}`).join(', ')}`}</title>
                    {bar.parts.map((value, part) => {
                      const from = base;
                      base += value;
                      if (!value) return null;
                      return (
                        <Bar
                          key={part}
                          x={left}
                          y={y(base)}
                          width={barWidth}
                          height={y(from) - y(base)}
                          fill={colorOf(index, part)}
                          rx={2}
                        />
                      );
                    })}
                    {barWidth >= 14 && (
                      <text
                        x={left + barWidth / 2}
                        y={y(bar.total) - 4}
                        textAnchor="middle"
                        fontSize={11}
                        fontWeight={600}
                        fill="var(--mantine-color-text)"
                      >
                        {bar.total}
                      </text>
                    )}
                    {index % every === 0 && (
                      <text x={left + barWidth / 2} y={innerHeight + 16} textAnchor="middle" fontSize={11} fill={AXIS}>
                        {bar.label}
                      </text>
                    )}
                  </Group>
                );
              })}
            </Group>
          </svg>
        )}
      </Box>
    </Box>
  );
}
