import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { YardLayout } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useInventoryLayout } from '../hooks/useInventoryLayout';
import { yardGeometry, type YardGeometry } from '../utils/yardGeometry';

// The yard layout first, then what is drawn on it: its failure with a retry, a loader, or the
// yard's lack of areas, until the layout and its grid geometry are known (the inventory and
// planning screens). `aspect`: the screen's shape the areas are shelved for (see yardGeometry).
export function YardLayoutGate({
  aspect,
  children,
}: {
  aspect?: number;
  children: (layout: YardLayout, geometry: YardGeometry) => ReactNode;
}) {
  const layout = useInventoryLayout();
  const geometry = useMemo(() => (layout.data ? yardGeometry(layout.data, aspect) : null), [layout.data, aspect]);
  if (layout.isError && !layout.data)
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={16} />}
        title="The yard layout could not be loaded"
      >
        {errorMessageOf(layout.error)}{' '}
        <Button size="xs" variant="light" ml="sm" onClick={() => void layout.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!layout.data || !geometry)
    return (
      <Center h={300}>
        <Loader size="sm" />
      </Center>
    );
  if (!geometry.areas.length)
    return (
      <Alert color="gray" variant="light" title="No yard areas">
        The yard has no areas yet. Areas, rows and columns come from the yard layout.
      </Alert>
    );
  return children(layout.data, geometry);
}
