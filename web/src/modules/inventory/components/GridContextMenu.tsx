import { Menu, Text } from '@mantine/core';
import { IconArrowsMove, IconFilter, IconFilterOff, IconMapPinCog } from '@tabler/icons-react';

export interface GridMenuTarget {
  x: number;
  y: number;
  // The container under the pointer, or the empty slot's name.
  containerNumber: string | null;
  igmItem: string | null;
  slotName: string | null;
}

// The grid's context menu (spec 2 §2, enterprise): Update Location, Move Container Here, Show
// containers with this IGM/ITEM, Clear IGM/ITEM filter. Items that do not apply here are disabled.
export function GridContextMenu({
  target,
  enterprise,
  canWrite,
  movingNumber,
  igmFilter,
  onClose,
  onUpdateLocation,
  onMoveHere,
  onShowIgm,
  onClearIgm,
}: {
  target: GridMenuTarget;
  enterprise: boolean;
  canWrite: boolean;
  movingNumber: string | null;
  igmFilter: string | null;
  onClose: () => void;
  onUpdateLocation: () => void;
  onMoveHere: () => void;
  onShowIgm: () => void;
  onClearIgm: () => void;
}) {
  const canUpdate = canWrite && target.containerNumber !== null;
  const canMoveHere = canWrite && target.slotName !== null && movingNumber !== null;
  const canShowIgm = target.igmItem !== null;
  // The focus trap would pick the first item, disabled or not: the keyboard starts on the first one
  // it can use.
  const first = [canUpdate, canMoveHere, canShowIgm, igmFilter !== null].indexOf(true);
  const autofocus = (item: number) => (item === first ? { 'data-autofocus': true } : {});
  return (
    <Menu
      opened
      onChange={(opened) => !opened && onClose()}
      position="bottom-start"
      offset={2}
      withinPortal
      shadow="lg"
      width={300}
      // Opened from the keyboard too (Shift+F10): the first item it can do takes the focus.
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <div style={{ position: 'absolute', left: target.x, top: target.y, width: 1, height: 1 }} />
      </Menu.Target>
      <Menu.Dropdown data-testid="inventory-context-menu">
        <Menu.Label>{target.containerNumber ?? (target.slotName ? `Slot ${target.slotName}` : 'Yard')}</Menu.Label>
        {!enterprise ? (
          <Menu.Item disabled>
            <Text size="xs">The context menu comes with the enterprise version.</Text>
          </Menu.Item>
        ) : (
          <>
            <Menu.Item
              leftSection={<IconMapPinCog size={15} />}
              disabled={!canUpdate}
              onClick={onUpdateLocation}
              {...autofocus(0)}
            >
              Update Location
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowsMove size={15} />}
              disabled={!canMoveHere}
              onClick={onMoveHere}
              {...autofocus(1)}
              rightSection={
                movingNumber ? (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {movingNumber}
                  </Text>
                ) : undefined
              }
            >
              Move Container Here
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFilter size={15} />}
              disabled={!canShowIgm}
              onClick={onShowIgm}
              {...autofocus(2)}
            >
              Show containers with this IGM/ITEM
            </Menu.Item>
            <Menu.Item
              leftSection={<IconFilterOff size={15} />}
              disabled={igmFilter === null}
              onClick={onClearIgm}
              {...autofocus(3)}
            >
              Clear IGM/ITEM filter
            </Menu.Item>
            {target.slotName !== null && movingNumber === null && (
              <Menu.Label>Click a container first to move it here.</Menu.Label>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
