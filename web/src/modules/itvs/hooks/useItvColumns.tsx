import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Itv } from '@openyard/contracts';
import { LastHeard } from '../../gate-readers/components/LastHeard';
import { StatusDot } from '../../machines/components/StatusDot';
import type { MapMarker } from '../../machines/utils/MapMarker';

const position = (itv: Itv) =>
  itv.latitude !== null && itv.longitude !== null ? `${itv.latitude.toFixed(6)}, ${itv.longitude.toFixed(6)}` : '';

// The ITV list's columns (spec 2 §3 ITV): the status colour as on the map (from the markers, so that
// it ages with the clock), the numbers, the device, position and when data last came.
export function useItvColumns(markers: ReadonlyMap<number, MapMarker>) {
  return useMemo<ColumnDef<Itv>[]>(
    () => [
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => row.lastDataReceived ?? 0,
        cell: ({ row }) => {
          const marker = markers.get(row.original.id);
          return marker ? <StatusDot colour={marker.colour} label="" testId={`itv-status-${row.original.id}`} /> : null;
        },
      },
      { id: 'itvNumber', header: 'ITV number', accessorFn: (row) => row.itvNumber },
      { id: 'trailerNumber', header: 'Trailer number', accessorFn: (row) => row.trailerNumber },
      { id: 'deviceInstalled', header: 'Device installed', accessorFn: (row) => (row.deviceInstalled ? 'Yes' : 'No') },
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
