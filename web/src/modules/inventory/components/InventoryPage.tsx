import { useMediaQuery } from '@mantine/hooks';
import { phoneQuery } from '../utils/phoneQuery';
import { InventoryScreen } from './InventoryScreen';
import { YardLayoutGate } from './YardLayoutGate';

// /inventory (spec 2 §2): the yard as a live grid. The layout comes first; the grid, its live
// subscription and the panels start once the areas are known.
export function InventoryPage() {
  // A phone's grid is taller than wide: the areas are shelved to fill it.
  const phone = useMediaQuery(phoneQuery, false, { getInitialValueInEffect: false });
  return (
    <YardLayoutGate aspect={phone ? 0.7 : undefined}>
      {(layout, geometry) => <InventoryScreen layout={layout} geometry={geometry} />}
    </YardLayoutGate>
  );
}
