import { useMemo } from 'react';
import { Badge } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { yardDayOf, type GatePass } from '@openyard/contracts';
import { formatDateTime } from '../../../ui/formatDateTime';
import { gatePassStatusOf, type GatePassStatus } from '../utils/gatePassForm';

const STATUS: Record<GatePassStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'green' },
  used: { label: 'Used', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
};

// The gate pass list's columns (spec 2 §3 Gate pass and the ERP's further fields): days and times
// in the yard's zone, the pass open, used by a dispatch or expired.
export function useGatePassColumns(timeZone: string | undefined) {
  return useMemo<ColumnDef<GatePass>[]>(() => {
    const day = (value: number | null) => (value === null ? '' : yardDayOf(value, timeZone));
    return [
      { id: 'containerNumber', header: 'Container', accessorFn: (row) => row.containerNumber },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => gatePassStatusOf(row),
        cell: ({ row }) => {
          const status = STATUS[gatePassStatusOf(row.original)];
          return (
            <Badge size="sm" variant="light" color={status.color} data-testid={`gate-pass-status-${row.original.id}`}>
              {status.label}
            </Badge>
          );
        },
      },
      { id: 'date', header: 'Date', accessorFn: (row) => day(row.date) },
      { id: 'boeNumber', header: 'BOE number', accessorFn: (row) => row.boeNumber ?? '' },
      { id: 'boeDate', header: 'BOE date', accessorFn: (row) => day(row.boeDate) },
      { id: 'chaName', header: 'CHA', accessorFn: (row) => row.chaName ?? '' },
      { id: 'consignee', header: 'Consignee', accessorFn: (row) => row.consignee ?? '' },
      { id: 'validTill', header: 'Valid till', accessorFn: (row) => day(row.validTill) },
      { id: 'usedAt', header: 'Used', accessorFn: (row) => formatDateTime(row.usedAt, timeZone) },
      { id: 'remarks', header: 'Remarks', accessorFn: (row) => row.remarks ?? '' },
    ];
  }, [timeZone]);
}
