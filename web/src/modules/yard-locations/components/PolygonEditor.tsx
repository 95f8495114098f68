import { useState } from 'react';
import type { PickingInfo } from '@deck.gl/core';
import { PathLayer, PolygonLayer, ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { ActionIcon, Box, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  YARD_LOCATION_MAX_POINTS,
  YARD_LOCATION_MIN_POINTS,
  type YardCoordinate,
  type YardLocation,
} from '@openyard/contracts';
import { coordinateOf, withPointAdded, withPointMoved, withPointRemoved } from '../utils/editPoints';
import { yardLocationLayers } from '../utils/yardLocationLayers';
import { YardLocationsMap } from './YardLocationsMap';

interface Handle {
  index: number;
  position: [number, number];
}

const DRAFT_COLOUR: [number, number, number] = [56, 217, 169];

// The polygon of a yard location drawn on the yard map (deck.gl): a click on the map adds a corner
// after the last (4 to 8, spec 3 §4, §9), a corner dragged moves, the list's bin deletes one. The
// other locations are drawn faintly beneath, so a new one can be placed beside them.
export function PolygonEditor({
  value,
  onChange,
  others,
  error,
}: {
  value: readonly YardCoordinate[];
  onChange: (points: YardCoordinate[]) => void;
  others: readonly YardLocation[];
  error?: string | null;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const ring = value.map((point): [number, number] => [point.longitude, point.latitude]);
  const handles: Handle[] = ring.map((position, index) => ({ index, position }));
  const full = value.length >= YARD_LOCATION_MAX_POINTS;

  const overlays = [
    ...yardLocationLayers(others, { idPrefix: 'others', dimmed: true }),
    value.length >= 3
      ? new PolygonLayer<[number, number][]>({
          id: 'draft-polygon',
          data: [ring],
          getPolygon: (points) => points,
          getFillColor: [...DRAFT_COLOUR, 60],
          getLineColor: [...DRAFT_COLOUR, 255],
          lineWidthUnits: 'pixels',
          getLineWidth: 2,
          stroked: true,
        })
      : new PathLayer<[number, number][]>({
          id: 'draft-path',
          data: [ring],
          getPath: (points) => points,
          getColor: [...DRAFT_COLOUR, 255],
          widthUnits: 'pixels',
          getWidth: 2,
        }),
    new ScatterplotLayer<Handle>({
      id: 'draft-corners',
      data: handles,
      pickable: true,
      getPosition: (handle) => handle.position,
      getFillColor: (handle) =>
        handle.index === (dragging ?? hovered) ? [255, 255, 255, 255] : [...DRAFT_COLOUR, 255],
      getLineColor: [14, 19, 23, 255],
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      radiusUnits: 'pixels',
      getRadius: 9,
      updateTriggers: { getFillColor: [dragging, hovered] },
      onHover: (info: PickingInfo<Handle>) => setHovered(info.object ? info.object.index : null),
      onDragStart: (info: PickingInfo<Handle>) => {
        if (info.object) setDragging(info.object.index);
        return true;
      },
      onDrag: (info: PickingInfo<Handle>) => {
        if (dragging !== null && info.coordinate)
          onChange(withPointMoved(value, dragging, coordinateOf([info.coordinate[0]!, info.coordinate[1]!])));
        return true;
      },
      onDragEnd: () => {
        setDragging(null);
        return true;
      },
      // A click on a corner is not a new corner.
      onClick: () => true,
    }),
    new TextLayer<Handle>({
      id: 'draft-corner-numbers',
      data: handles,
      getPosition: (handle) => handle.position,
      getText: (handle) => String(handle.index + 1),
      getColor: [14, 19, 23, 255],
      getSize: 11,
      getTextAnchor: 'middle',
      getAlignmentBaseline: 'center',
      fontWeight: 700,
    }),
  ];

  return (
    <Group align="stretch" gap="md" wrap="nowrap" h={460}>
      <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <YardLocationsMap
          overlays={overlays}
          onMapClick={(coordinate) => {
            if (!full) onChange(withPointAdded(value, coordinateOf(coordinate)));
          }}
          dragPanLocked={hovered !== null || dragging !== null}
          testId="yard-location-editor"
        />
      </Box>
      <Stack w={270} gap="xs" style={{ flex: 'none' }}>
        <Text size="sm" data-testid="yard-location-point-count">
          {value.length} of {YARD_LOCATION_MAX_POINTS} points
          {value.length < YARD_LOCATION_MIN_POINTS ? ` (at least ${YARD_LOCATION_MIN_POINTS})` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {full
            ? 'The polygon has its 8 points: drag a point to move it, or delete one to add another.'
            : 'Click the map to add a point after the last; drag a point to move it.'}
        </Text>
        <ScrollArea style={{ flex: 1 }}>
          <Table striped withRowBorders={false} fz="xs" data-testid="yard-location-points">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Latitude</Table.Th>
                <Table.Th>Longitude</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {value.map((point, index) => (
                <Table.Tr key={index} data-testid="yard-location-point">
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td ff="monospace">{point.latitude.toFixed(6)}</Table.Td>
                  <Table.Td ff="monospace">{point.longitude.toFixed(6)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete point ${index + 1}`}
                      data-testid={`yard-location-point-delete-${index + 1}`}
                      onClick={() => onChange(withPointRemoved(value, index))}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {error && (
          <Text size="xs" c="red" data-testid="yard-location-points-error">
            {error}
          </Text>
        )}
        <Button
          size="xs"
          variant="default"
          disabled={!value.length}
          onClick={() => onChange([])}
          data-testid="yard-location-points-clear"
        >
          Clear points
        </Button>
      </Stack>
    </Group>
  );
}
