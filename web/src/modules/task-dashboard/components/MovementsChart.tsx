import { Group as Row, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import type { MachineSummary } from '../utils/machineSummaries';

const KEYS = ['productive', 'waste'] as const;
type Key = (typeof KEYS)[number];
const COLOURS: Record<Key, string> = {
  productive: 'var(--mantine-color-teal-6)',
  waste: 'var(--mantine-color-orange-6)',
};
const LABELS: Record<Key, string> = { productive: 'Productive', waste: 'Waste' };
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 44 };
const AXIS = 'var(--mantine-color-dimmed)';
// A bar is at most this wide: one machine does not fill the chart.
const BAR_MAX_WIDTH = 72;

// Each machine's movements of the period as a stacked bar: productive below, waste above (the rule:
// contracts/src/rules/task-dashboard.ts). Machines that moved nothing are left out.
export function MovementsChart({ machines }: { machines: MachineSummary[] }) {
  const { ref, width } = useElementSize();
  const moved = machines.filter((machine) => machine.movements > 0);
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({
    domain: moved.map((machine) => machine.machine),
    range: [0, innerWidth],
    padding: 0.3,
  });
  const highest = Math.max(1, ...moved.map((machine) => machine.movements));
  const y = scaleLinear<number>({ domain: [0, highest], range: [innerHeight, 0], nice: true });
  const colour = (key: Key) => COLOURS[key];
  // Counts are whole: no tick between them.
  const ticks = y.ticks(Math.min(5, highest)).filter((value) => Number.isInteger(value));
  return (
    <div ref={ref} data-testid="task-dashboard-chart">
      <Row gap="md" mb={4}>
        {KEYS.map((key) => (
          <Row key={key} gap={6}>
            <svg width={12} height={12} aria-hidden>
              <rect width={12} height={12} rx={2} fill={COLOURS[key]} />
            </svg>
            <Text size="xs">{LABELS[key]}</Text>
          </Row>
        ))}
      </Row>
      {moved.length === 0 ? (
        <Text size="sm" c="dimmed" py="lg" data-testid="task-dashboard-chart-empty">
          No machine moved a container in this period
        </Text>
      ) : (
        width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-label="Movements per machine: productive and waste">
            <Group left={MARGIN.left} top={MARGIN.top}>
              <BarStack<MachineSummary, Key>
                data={moved}
                keys={[...KEYS]}
                x={(machine) => machine.machine}
                xScale={x}
                yScale={y}
                color={colour}
              >
                {(stacks) =>
                  stacks.map((stack) =>
                    stack.bars.map((bar) =>
                      bar.height > 0 ? (
                        <rect
                          key={`${stack.key}-${bar.index}`}
                          x={bar.x + Math.max(0, bar.width - BAR_MAX_WIDTH) / 2}
                          y={bar.y}
                          width={Math.min(bar.width, BAR_MAX_WIDTH)}
                          height={bar.height}
                          fill={bar.color}
                          data-testid={`task-dashboard-bar-${stack.key}`}
                          data-machine={bar.bar.data.machine}
                          data-count={bar.bar.data[stack.key]}
                        >
                          <title>{`${bar.bar.data.machine}: ${bar.bar.data[stack.key]} ${LABELS[stack.key].toLowerCase()}`}</title>
                        </rect>
                      ) : null,
                    ),
                  )
                }
              </BarStack>
              <AxisLeft
                scale={y}
                tickValues={ticks}
                tickFormat={(value) => String(value)}
                stroke={AXIS}
                tickStroke={AXIS}
                tickLabelProps={{ fill: AXIS, fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }}
              />
              <AxisBottom
                top={innerHeight}
                scale={x}
                stroke={AXIS}
                tickStroke={AXIS}
                tickLabelProps={{ fill: AXIS, fontSize: 11, textAnchor: 'middle' }}
              />
            </Group>
          </svg>
        )
      )}
    </div>
  );
}
