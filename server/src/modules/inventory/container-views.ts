import { sizeClass, type Container, type InventoryContainer } from '@openyard/contracts';
import type { Grid, SlotNamer, SlotNames } from '../yard';
import type { ContainerDetailsRow, StandingRow } from './containers.repository';

const ms = (date: Date | null) => (date ? date.getTime() : null);

export function slotNamesOf(namer: SlotNamer, grid: Grid, standing: Omit<StandingRow, 'containerId'> | undefined) {
  return standing ? namer.names(grid, standing) : null;
}

export function toContainer(row: ContainerDetailsRow, names: SlotNames | null): Container {
  const { container } = row;
  return {
    id: container.id,
    containerNumber: container.containerNumber,
    sizeName: row.sizeName,
    size: row.lengthFeet,
    containerType: row.typeName,
    process: row.processName,
    category: row.categoryName,
    liner: row.linerName,
    linerCode: row.linerCode,
    linerColor: row.linerColor,
    customer: row.customerName,
    cargoType: row.cargoTypeName,
    hazardous: container.hazardous,
    rfidTagId: container.rfidTagId,
    igm: container.igm,
    item: container.item,
    movementAlert: container.movementAlert,
    planned: container.planned,
    addeddate: container.gateInAt.getTime(),
    dispatchDate: ms(container.dispatchedAt),
    dispatched: container.dispatchedAt !== null,
    location: names?.location ?? null,
    fullName: names?.fullName ?? null,
    area: names?.area ?? null,
    stackIndex: names?.stackIndex ?? null,
    lastMovedDate: ms(container.lastMovedAt),
    locationUpdatedBy: container.locationUpdatedBy,
  };
}

export function toInventoryContainer(
  row: ContainerDetailsRow,
  standing: Omit<StandingRow, 'containerId'> | undefined,
  names: SlotNames | null,
): InventoryContainer {
  const { container } = row;
  return {
    containerId: container.id,
    number: container.containerNumber,
    igmNumber: container.igm,
    itemNumber: container.item,
    size: sizeClass(row.lengthFeet),
    sizeName: row.sizeName,
    liner: row.linerName,
    linerColor: row.linerColor,
    process: row.processName,
    containerType: row.typeName,
    category: row.categoryName,
    customer: row.customerName,
    cargoType: row.cargoTypeName,
    hazardous: container.hazardous,
    addeddate: container.gateInAt.getTime(),
    lastMovedDate: ms(container.lastMovedAt),
    planned: container.planned,
    dispatched: container.dispatchedAt !== null,
    location: names?.location ?? null,
    fullName: names?.fullName ?? null,
    area: names?.area ?? null,
    stackIndex: names?.stackIndex ?? null,
    rowIndex: standing?.rowIndex ?? null,
    columnIndex: standing?.columnIndex ?? null,
    tier: standing?.tier ?? null,
  };
}
