import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Machine } from '@openyard/contracts';
import { LastHeard } from '../../gate-readers/components/LastHeard';
import { StatusDot } from '../components/StatusDot';
import type { MapMarker } from '../utils/MapMarker';

const position = (machine: Machine) =>
  machine.position ? `${machine.position.latitude.toFixed(6)}, ${machine.position.longitude.toFixed(6)}` : '';

// The machines list's columns (spec 2 §3 Machine): the status icon with its label as on the map
// (from the markers, so that it ages with the clock), name, type, status, RFID, zone, position and
// when data last came.
export function useMachineColumns(markers: ReadonlyMap<number, MapMarker>) {
  return useMemo<ColumnDef<Machine>[]>(
    () => [
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => markers.get(row.id)?.label ?? '',
        cell: ({ row }) => {
          const marker = markers.get(row.original.id);
          return marker ? (
            <StatusDot colour={marker.colour} label={marker.label} testId={`machine-status-${row.original.id}`} />
          ) : null;
        },
      },
      { id: 'machineName', header: 'Machine name', accessorFn: (row) => row.machineName },
      { id: 'machineType', header: 'Machine type', accessorFn: (row) => row.machineType },
      { id: 'machineStatus', header: 'Machine status', accessorFn: (row) => row.machineStatus },
      { id: 'isrfidInstalled', header: 'RFID', accessorFn: (row) => (row.isrfidInstalled ? 'Yes' : 'No') },
      { id: 'zone', header: 'Zone', accessorFn: (row) => row.zone ?? '' },
      { id: 'position', header: 'Position', accessorFn: position },
      {
        id: 'lastDataReceived',
        header: 'Last data',
        accessorFn: (row) => row.lastDataReceived ?? 0,
        cell: ({ row }) => <LastHeard at={row.original.lastDataReceived} />,
      },
    ],
    [markers],
  );
}
