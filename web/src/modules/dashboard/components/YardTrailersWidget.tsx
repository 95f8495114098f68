import { useEffect, useState } from 'react';
import { Badge, Box, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { tatViolated } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { formatDateTime } from '../../../ui/formatDateTime';
import { formatDuration } from '../../gate/utils/formatDuration';
import { useYardTrailers } from '../hooks/useYardTrailers';
import { useYardTrailersDetailed } from '../hooks/useYardTrailersDetailed';
import type { DashboardWidgetProps } from '../utils/DashboardWidgetProps';
import { trailersByGateInType } from '../utils/trailerGroups';
import { PALETTE } from '../utils/widgetColors';
import { PieChart } from './PieChart';
import { WidgetBody } from './WidgetBody';

// How often the times inside and the turn-around flags move on with the clock (the figures
// themselves change only with the trailers' events).
const CLOCK_MS = 15_000;

// Trailers inside the yard (spec 1 §2, §3): a pie by gate-in type with the turn-around violations,
// and the detailed list, longest inside first, each overstay flagged.
export function YardTrailersWidget({ width, height }: DashboardWidgetProps) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const summary = useYardTrailers();
  const detailed = useYardTrailersDetailed();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  const side = width >= 560;
  const pieWidth = side ? Math.min(360, Math.floor(width * 0.4)) : width;
  const pieHeight = side ? height : Math.min(160, Math.floor(height * 0.4));
  const listWidth = side ? width - pieWidth - 12 : width;
  const listHeight = side ? height : height - pieHeight - 8;
  return (
    <Group gap={12} align="flex-start" wrap={side ? 'nowrap' : 'wrap'}>
      <Box w={pieWidth}>
        <WidgetBody
          query={summary}
          height={pieHeight}
          count={(data) => data.entities.length}
          emptyText="No trailers inside"
          testId="dashboard-trailers"
        >
          {(data, room) => {
            const groups = trailersByGateInType(data.entities);
            const overstayed = groups.reduce((sum, group) => sum + group.tatViolated, 0);
            return (
              <Stack gap={2}>
                <Text size="xs" c={overstayed ? 'red.4' : 'dimmed'} data-testid="dashboard-trailers-tat">
                  {`${overstayed} over the ${data.tatLimitMinutes} min turn-around`}
                </Text>
                <PieChart
                  slices={groups.map((group, index) => ({
                    key: group.type,
                    label: group.type,
                    value: group.count,
                    color: PALETTE[index % PALETTE.length]!,
                  }))}
                  width={pieWidth}
                  height={room - 20}
                  testId="dashboard-trailers-pie"
                />
              </Stack>
            );
          }}
        </WidgetBody>
      </Box>
      <Box w={listWidth}>
        <WidgetBody
          query={detailed}
          height={listHeight}
          count={(data) => data.entities.length}
          emptyText="No trailers inside"
          testId="dashboard-trailer-list"
        >
          {(data, room) => (
            <ScrollArea h={room} type="auto">
              <Table striped highlightOnHover verticalSpacing={2} fz="xs" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Trailer</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Gate-in type</Table.Th>
                    <Table.Th>In</Table.Th>
                    <Table.Th>Inside</Table.Th>
                    <Table.Th>TAT</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.entities.map((trailer) => {
                    const violated = tatViolated(trailer.trailerInTime, Math.max(now, data.asOf), data.tatLimitMinutes);
                    return (
                      <Table.Tr key={trailer.id} data-testid="dashboard-trailer-row" data-violated={violated}>
                        <Table.Td>{trailer.trailerNumber}</Table.Td>
                        <Table.Td>{trailer.trailerType ?? '–'}</Table.Td>
                        <Table.Td>{trailer.trailerGateInType}</Table.Td>
                        <Table.Td>{formatDateTime(trailer.trailerInTime, timeZone)}</Table.Td>
                        <Table.Td>{formatDuration(Math.max(now, data.asOf) - trailer.trailerInTime)}</Table.Td>
                        <Table.Td>
                          {violated ? (
                            <Badge size="xs" color="red" variant="filled">
                              Violated
                            </Badge>
                          ) : (
                            <Badge size="xs" color="gray" variant="light">
                              OK
                            </Badge>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
              {data.totalCount > data.entities.length && (
                <Text size="xs" c="dimmed">{`${data.entities.length} of ${data.totalCount} shown`}</Text>
              )}
            </ScrollArea>
          )}
        </WidgetBody>
      </Box>
    </Group>
  );
}
