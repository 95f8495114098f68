import { useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconArrowsJoin, IconArrowsSplit, IconCut, IconMapPin } from '@tabler/icons-react';
import type { YardLayout } from '@openyard/contracts';
import type { YardGeometry } from '../utils/yardGeometry';
import { BulkLocationModal } from './BulkLocationModal';
import { MergeSlotsModal } from './MergeSlotsModal';
import { SplitAreaModal } from './SplitAreaModal';

type AdminDialog = 'split-area' | 'merge-slots' | 'split-slots' | 'bulk-location';

// The inventory's admin menu (the superadmin's, spec 2 §6) and the dialog it opens.
export function InventoryAdminMenu({ layout, geometry }: { layout: YardLayout; geometry: YardGeometry }) {
  const [dialog, setDialog] = useState<AdminDialog | null>(null);
  return (
    <>
      <Menu position="bottom-end" shadow="lg" width={200}>
        <Menu.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={15} />}
            data-testid="inventory-admin-menu"
          >
            Admin
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconCut size={15} />} onClick={() => setDialog('split-area')}>
            Split Area
          </Menu.Item>
          <Menu.Item leftSection={<IconArrowsJoin size={15} />} onClick={() => setDialog('merge-slots')}>
            Merge Slots
          </Menu.Item>
          <Menu.Item leftSection={<IconArrowsSplit size={15} />} onClick={() => setDialog('split-slots')}>
            Split Slots
          </Menu.Item>
          <Menu.Item leftSection={<IconMapPin size={15} />} onClick={() => setDialog('bulk-location')}>
            Bulk Locations
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      {dialog === 'split-area' && <SplitAreaModal geometry={geometry} onClose={() => setDialog(null)} />}
      {dialog === 'merge-slots' && <MergeSlotsModal geometry={geometry} mode="merge" onClose={() => setDialog(null)} />}
      {dialog === 'split-slots' && <MergeSlotsModal geometry={geometry} mode="split" onClose={() => setDialog(null)} />}
      {dialog === 'bulk-location' && <BulkLocationModal layout={layout} onClose={() => setDialog(null)} />}
    </>
  );
}
