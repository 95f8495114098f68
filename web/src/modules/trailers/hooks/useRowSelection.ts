import { useState } from 'react';
import { messages } from '@openyard/contracts';
import { notifyError } from '../../../ui/notifyError';

// The one-row selection of a trailers list (spec 3 §5: only one row for edit, delete or dispatch).
export function useRowSelection<T extends { id: number }>(rows: readonly T[]) {
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const selected = rows.filter((row) => selectedKeys.includes(String(row.id)));
  return {
    selectedKeys,
    setSelectedKeys,
    clear: () => setSelectedKeys([]),
    // The one selected row, or null with the spec's notice.
    one: (notice: string = messages.selectOneRow): T | null => {
      const [first] = selected;
      if (selected.length !== 1 || !first) {
        notifyError(notice);
        return null;
      }
      return first;
    },
  };
}
