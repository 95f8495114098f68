import { useMemo } from 'react';
import { Alert, Button, Center, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useInventoryLayout } from '../hooks/useInventoryLayout';
import { phoneQuery } from '../utils/phoneQuery';
import { yardGeometry } from '../utils/yardGeometry';
import { InventoryScreen } from './InventoryScreen';

// /inventory (spec 2 §2): the yard as a live grid. The layout comes first; the grid, its live
// subscription and the panels start once the areas are known.
export function InventoryPage() {
  const layout = useInventoryLayout();
  // A phone's grid is taller than wide: the areas are shelved to fill it.
  const phone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
  const geometry = useMemo(
    () => (layout.data ? yardGeometry(layout.data, phone ? 0.7 : undefined) : null),
    [layout.data, phone],
  );
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
  return <InventoryScreen layout={layout.data} geometry={geometry} />;
}
