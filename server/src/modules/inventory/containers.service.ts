import {
  checkDigit,
  isValidContainerNumber,
  messages,
  normalizeContainerNumber,
  offsetFromOneBasedSkip,
  parseContainerNumber,
  searchTerms,
  searchTermsProblem,
  slotSpan,
  type Container,
  type ContainerInput,
  type ContainerSaved,
  type ContainersExportQuery,
  type ContainersQuery,
  type ContainerSortField,
  type ContainerStatus,
  type ContainerSuggestion,
  type Movement,
  type MovementSource,
  type SortOrder,
} from '@openyard/contracts';
import { budgeted, type Database } from '../../adapters/db';
import { badRequest, conflict, notFound } from '../../errors';
import { archiveRepository } from '../archive';
import type { Principal } from '../auth';
import type { ExportsService } from '../exports';
import type { InventoryService } from './inventory.service';
import { applyMoves, inventoryViews, loadGrid, loadGridAt, slotEvents } from './placement';
import { containerMasterIds } from './container-master-data';
import type { Grid } from '../yard';
import { databaseError } from '../../lib/database-errors';
import { slotNamesOf, toContainer } from './container-views';
import {
  containersRepository,
  type ContainerDetailsRow,
  type ContainerFilter,
  type ContainerLookup,
  type ContainerSort,
} from './containers.repository';

const DEFAULT_LIMIT = 15;
const EXPORT_MAX_ROWS = 100_000;
const SUGGESTION_LIMIT = 10;

// Several search texts come joined with '&*' (spec 1 §7), at most MAX_SEARCH_TERMS of them.
function filterOf(
  query: { searchText?: string | undefined; fromDate?: number | undefined; toDate?: number | undefined },
  activeOnly: boolean,
): ContainerFilter {
  const terms = searchTerms(query.searchText);
  const problem = searchTermsProblem(terms);
  if (problem) throw badRequest(problem, 'searchText');
  return {
    activeOnly,
    terms,
    ...(query.fromDate === undefined ? {} : { from: new Date(query.fromDate) }),
    ...(query.toDate === undefined ? {} : { to: new Date(query.toDate) }),
  };
}

// The column a list is sorted by; none for the default order (newest gate-in first, as the spec's
// clients expect), which keeps the prepared searches (containersRepository.page).
function sortOf(query: { sortBy?: ContainerSortField | undefined; sortOrder?: SortOrder | undefined }) {
  if (!query.sortBy) return undefined;
  const sort: ContainerSort = { by: query.sortBy, order: query.sortOrder ?? 'asc' };
  return sort.by === 'addeddate' && sort.order === 'desc' ? undefined : sort;
}

// A search the database stopped (PostgreSQL's statement or lock timeout, see openPostgres) is
// answered in words: the person can narrow it.
async function bounded<T>(search: Promise<T>): Promise<T> {
  try {
    return await search;
  } catch (error) {
    throw databaseError(error, { timeout: () => badRequest(messages.searchTookTooLong, 'searchText') });
  }
}

// Why a number fails ISO 6346: its structure, or its check digit.
function invalidNumberDetail(number: string): string {
  const parts = parseContainerNumber(number);
  if (!parts) return `${number} is not an ISO 6346 number: 3 letters, U, J or Z, 6 digits and a check digit`;
  const expected = checkDigit(`${parts.ownerCode}${parts.categoryIdentifier}${parts.serialNumber}`);
  return `The check digit of ${number} should be ${expected} (ISO 6346)`;
}

// The one rule of what reads the archive (docs/archive.md): a read of dispatched visits (from a time,
// or over the whole history) reads the archived ones too when an archive run moved any it could
// reach, as the reports do; a read of the yard's visits (never archived), or of a range from the
// latest cut-off on, keeps the current table and its plans. A read that does reads `visitsOf(db, true)`
// (containers.repository.ts), the one union of the current and archived visits.
export const readsArchive = async (db: Database, dispatchedToo: boolean, from: Date | null = null) =>
  dispatchedToo && (await archiveRepository.reachesArchive(db, from));

export function createContainersService(db: Database, deps: { inventory: InventoryService; exports: ExportsService }) {
  const { inventory } = deps;
  const namer = inventory.namer;

  async function containersWithLocations(database: Database, rows: ContainerDetailsRow[], grid?: Grid) {
    const ids = rows.map((row) => row.container.id);
    const [layout, standing] = await Promise.all([
      grid ? Promise.resolve(grid) : loadGrid(database, namer),
      containersRepository.standing(database, ids),
    ]);
    const byId = new Map(standing.map((row) => [row.containerId, row]));
    return rows.map((row) => toContainer(row, slotNamesOf(namer, layout, byId.get(row.container.id))));
  }

  // Containers read with their places and the layout version (a page): named without more reads
  // but the grid, which is cached per layout version.
  async function placedContainers(database: Database, found: ContainerLookup[]) {
    if (!found.length) return [];
    const grid = await loadGridAt(database, namer, found[0]!.layoutVersion);
    return found.map(({ row, standing }) => toContainer(row, slotNamesOf(namer, grid, standing)));
  }

  async function find(database: Database, key: string): Promise<ContainerLookup> {
    const found = await containersRepository.lookup(database, key);
    if (!found) throw notFound(messages.containerNotFound(key));
    return found;
  }

  // Every visit (the All tab, its export) over a range reaching back before an archive run's cut-off
  // lists the archived visits too; the Yard tab does not.
  const withArchiveOf = async (filter: ContainerFilter): Promise<ContainerFilter> => ({
    ...filter,
    withArchive: await readsArchive(db, !filter.activeOnly, filter.from ?? null),
  });

  // The number suggestions (autocomplete, autocomplete-object): dispatched visits only when asked for,
  // and then the archived ones as well.
  const suggestionsOf = async (text: string, limit: number | undefined, includeDispatched: boolean) =>
    containersRepository.suggestions(
      db,
      text,
      limit ?? SUGGESTION_LIMIT,
      includeDispatched,
      await readsArchive(db, includeDispatched),
    );

  const optionalText = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

  return {
    async page(query: ContainersQuery, activeOnly: boolean) {
      const filter = await withArchiveOf(filterOf(query, activeOnly));
      const { rows, total } = await bounded(
        budgeted(db, () =>
          containersRepository.page(
            db,
            filter,
            offsetFromOneBasedSkip(query.skip),
            query.limit ?? DEFAULT_LIMIT,
            sortOf(query),
          ),
        ),
      );
      return { entities: await placedContainers(db, rows), totalCount: total };
    },

    // A visit an archive run moved out is found in the archive (docs/archive.md): standing nowhere.
    async get(key: string): Promise<Container> {
      const found = await containersRepository.lookup(db, key);
      if (found) return (await placedContainers(db, [found]))[0]!;
      const archived = await containersRepository.archivedLookup(db, key);
      if (!archived) throw notFound(messages.containerNotFound(key));
      const layoutVersion = await containersRepository.layoutVersion(db);
      return (await placedContainers(db, [{ row: archived, standing: undefined, layoutVersion }]))[0]!;
    },

    // PUT: add (no id) or edit a container. An invalid ISO 6346 number is a warning the user
    // may override with skipValidation: nothing is written until then.
    async save(input: ContainerInput, principal: Principal): Promise<ContainerSaved> {
      const number = normalizeContainerNumber(input.containerNumber);
      if (!/^[A-Z0-9]{11}$/.test(number)) throw badRequest(messages.containerNumberFormat);
      if (!input.skipValidation && !isValidContainerNumber(number))
        return { responsestatus: messages.invalidContainerNumber, message: invalidNumberDetail(number) };
      const master = await containerMasterIds(db, input);
      if (input.id === undefined && master.sizeId === undefined) throw badRequest(messages.containerSizeRequired);
      const fields = {
        containerNumber: number,
        ...(master.sizeId === undefined ? {} : { sizeId: master.sizeId }),
        ...(master.typeId === undefined ? {} : { typeId: master.typeId }),
        ...(master.processId === undefined ? {} : { processId: master.processId }),
        ...(master.categoryId === undefined ? {} : { categoryId: master.categoryId }),
        ...(master.cargoTypeId === undefined ? {} : { cargoTypeId: master.cargoTypeId }),
        ...(master.customerId === undefined ? {} : { customerId: master.customerId }),
        ...(input.hazardous === undefined ? {} : { hazardous: input.hazardous }),
        ...(input.movementAlert === undefined ? {} : { movementAlert: input.movementAlert }),
        ...(input.planned === undefined ? {} : { planned: input.planned }),
        ...(input.addeddate === undefined ? {} : { gateInAt: new Date(input.addeddate) }),
        ...(optionalText(input.rfidTagId) === undefined ? {} : { rfidTagId: optionalText(input.rfidTagId)! }),
        ...(optionalText(input.igm) === undefined ? {} : { igm: optionalText(input.igm)! }),
        ...(optionalText(input.item) === undefined ? {} : { item: optionalText(input.item)! }),
      };
      const location = optionalText(input.location);
      const source: MovementSource = input.id === undefined ? 'import' : 'manual';
      const container = await inventory.change(
        async (tx, events) => {
          let id: number;
          if (input.id === undefined) {
            id = (await containersRepository.insert(tx, { ...fields, sizeId: master.sizeId!, locationUpdatedBy: null }))
              .id;
            if (location)
              await applyMoves(tx, namer, [{ containerId: id, newLocation: location }], {
                username: principal.username,
                source,
              });
          } else {
            id = input.id;
            const [current] = await containersRepository.lockContainers(tx, [id]);
            if (!current) throw notFound(messages.containerNotFound(String(id)));
            if (master.sizeId !== undefined && master.sizeId !== current.sizeId) {
              const standing = await containersRepository.standing(tx, [id]);
              if (
                standing.length &&
                slotSpan(master.lengthOf(master.sizeId)) !== slotSpan(master.lengthOf(current.sizeId))
              )
                throw conflict(messages.containerSizeInYard(current.containerNumber));
            }
            await containersRepository.update(tx, id, fields);
          }
          const grid = await loadGrid(tx, namer);
          const views = await inventoryViews(tx, namer, grid, [id]);
          if (views[0]?.location) {
            const { version } = await containersRepository.version(tx);
            events.push(...slotEvents(views, new Map(), { username: principal.username, source }, version));
          }
          const [saved] = await containersWithLocations(tx, await containersRepository.byIds(tx, [id]), grid);
          return saved!;
        },
        { number },
      );
      return {
        responsestatus: 'success',
        message: input.id === undefined ? messages.containerAdded : messages.containerUpdated,
        container,
      };
    },

    // A delete voids the container (DESIGN §5: history is never deleted): it leaves the yard with a
    // movement row like any other move, then its record says who voided it and when. It is gone from
    // lists, searches and lookups; its movements stay readable, and its number is free for a new
    // visit. A container that stands under others cannot go: the stack would have a hole.
    async delete(key: string, principal: Principal) {
      await inventory.change(async (tx, events) => {
        const { row } = await find(tx, key);
        const id = row.container.id;
        await containersRepository.lockContainers(tx, [id]);
        const positions = await containersRepository.positionsOf(tx, [id]);
        const stacks = await containersRepository.stacks(tx, positions);
        if (
          positions.some((own) =>
            stacks.some(
              (other) =>
                other.containerId !== own.containerId &&
                other.areaId === own.areaId &&
                other.rowIndex === own.rowIndex &&
                other.columnIndex === own.columnIndex &&
                other.tier > own.tier,
            ),
          )
        )
          throw conflict(messages.containerOnTopOfOthers(row.container.containerNumber));
        const actor = { username: principal.username, source: 'manual' } as const;
        const moved = positions.length
          ? (await applyMoves(tx, namer, [{ containerId: id, newLocation: null }], actor)).moved
          : [];
        await containersRepository.markVoided(tx, id, principal.username);
        if (moved.length) {
          const [views, { version }] = await Promise.all([
            inventoryViews(tx, namer, await loadGrid(tx, namer), [id]),
            containersRepository.version(tx),
          ]);
          events.push(...slotEvents(views, new Map(moved.map((entry) => [entry.containerId, entry])), actor, version));
        }
      });
      return { responsestatus: 'success', message: messages.containerDeleted };
    },

    // Movements of a container: by id one visit; by number every visit of that number. Voided
    // visits included: their history stays readable.
    // Visits an archive run moved out are read from the archive: a number's history is whole.
    async movements(key: string) {
      const ids = /^\d+$/.test(key)
        ? (await containersRepository.byIds(db, [Number(key)])).map((row) => row.container.id)
        : await containersRepository.idsByNumber(db, normalizeContainerNumber(key));
      const archivedIds = await containersRepository.archivedIds(db, key);
      if (!ids.length && !archivedIds.length) throw notFound(messages.containerNotFound(key));
      const rows = [
        ...(await containersRepository.movements(db, ids)),
        ...(await containersRepository.archivedMovements(db, archivedIds)),
      ].sort((a, b) => b.movedAt.getTime() - a.movedAt.getTime() || b.id - a.id);
      const entities: Movement[] = rows.map((row) => ({
        id: row.id,
        containerId: row.containerId,
        containerNumber: row.containerNumber,
        fromLocation: row.fromLocation,
        toLocation: row.toLocation,
        source: row.source as MovementSource,
        movedBy: row.movedBy,
        device: row.device,
        movedAt: row.movedAt.getTime(),
      }));
      return { entities, totalCount: entities.length };
    },

    async export(query: ContainersExportQuery, principal: Principal) {
      const filter = await withArchiveOf(filterOf(query, query.inYardContainersOnly ?? true));
      const { rows } = await bounded(
        budgeted(db, () =>
          containersRepository.page(
            db,
            filter,
            offsetFromOneBasedSkip(query.skip),
            query.limit ?? EXPORT_MAX_ROWS,
            sortOf(query),
          ),
        ),
      );
      const list = await placedContainers(db, rows);
      const date = (value: number | null) => (value === null ? '' : new Date(value));
      const filePath = await deps.exports.writeWorkbook(principal.userId, 'containers', {
        sheet: 'Containers',
        format: query.format,
        columns: [
          { header: 'Container number', key: 'containerNumber', width: 16 },
          { header: 'Size', key: 'sizeName', width: 6 },
          { header: 'Type', key: 'containerType', width: 14 },
          { header: 'Process', key: 'process', width: 14 },
          { header: 'Category', key: 'category', width: 14 },
          { header: 'Liner', key: 'liner', width: 22 },
          { header: 'Customer', key: 'customer', width: 26 },
          { header: 'Cargo type', key: 'cargoType', width: 18 },
          { header: 'Hazardous', key: 'hazardous', width: 10 },
          { header: 'IGM', key: 'igm', width: 12 },
          { header: 'Item', key: 'item', width: 8 },
          { header: 'RFID tag', key: 'rfidTagId', width: 12 },
          { header: 'Location', key: 'location', width: 14 },
          { header: 'Gate-in', key: 'addeddate', width: 20 },
          { header: 'Dispatched', key: 'dispatchDate', width: 20 },
          { header: 'Last moved', key: 'lastMovedDate', width: 20 },
          { header: 'Location updated by', key: 'locationUpdatedBy', width: 18 },
          { header: 'Movement alert', key: 'movementAlert', width: 14 },
        ],
        rows: list.map((container) => ({
          containerNumber: container.containerNumber,
          sizeName: container.sizeName,
          containerType: container.containerType ?? '',
          process: container.process ?? '',
          category: container.category ?? '',
          liner: container.liner ?? '',
          customer: container.customer ?? '',
          cargoType: container.cargoType ?? '',
          hazardous: container.hazardous ? 'Yes' : 'No',
          igm: container.igm ?? '',
          item: container.item ?? '',
          rfidTagId: container.rfidTagId ?? '',
          location: container.location ?? '',
          addeddate: new Date(container.addeddate),
          dispatchDate: date(container.dispatchDate),
          lastMovedDate: date(container.lastMovedDate),
          locationUpdatedBy: container.locationUpdatedBy ?? '',
          movementAlert: container.movementAlert ? 'Yes' : 'No',
        })),
      });
      return { filePath };
    },

    async autocomplete(query: string, limit?: number, includeDispatched = false): Promise<string[]> {
      const text = normalizeContainerNumber(query);
      if (!text) return [];
      const rows = await suggestionsOf(text, limit, includeDispatched);
      return [...new Set(rows.map((row) => row.container.containerNumber))];
    },

    async autocompleteObjects(
      query: string,
      limit?: number,
      includeDispatched = false,
    ): Promise<ContainerSuggestion[]> {
      const text = normalizeContainerNumber(query);
      if (!text) return [];
      const rows = await suggestionsOf(text, limit, includeDispatched);
      const containers = await containersWithLocations(db, rows);
      return containers.map((container) => ({
        id: container.id,
        containerNumber: container.containerNumber,
        sizeName: container.sizeName,
        igm: container.igm,
        item: container.item,
        location: container.location,
        dispatched: container.dispatched,
      }));
    },

    // IGM items of active containers, written IGM:ITEM; a query with a colon narrows the item.
    async autocompleteIgm(query: string, limit?: number): Promise<string[]> {
      const [igm = '', item] = query.split(':').map((part) => part.trim());
      if (!igm) return [];
      const rows = await containersRepository.igmSuggestions(db, igm, item, limit ?? SUGGESTION_LIMIT);
      return rows.map((row) => (row.item ? `${row.igm}:${row.item}` : row.igm!));
    },

    // Kiosk status (spec 2 §3): every visit of the IGM item's containers, archived ones included
    // (dispatched, standing nowhere; docs/archive.md).
    async status(igmNumber: string, itemNumber: string) {
      if (!igmNumber.trim() || !itemNumber.trim()) throw badRequest(messages.igmStatusIncomplete);
      const visits = await containersRepository.byIgm(
        db,
        igmNumber.trim(),
        itemNumber.trim(),
        false,
        await readsArchive(db, true),
      );
      // A plan's reservation (issue 19) is no visit of the item's containers yet.
      const rows = visits.filter((row) => !row.container.planned);
      const containers = await containersWithLocations(db, rows);
      return { responsestatus: 'success', responseMap: { containerStatusList: containers.map(statusOf) } };
    },

    // The container in the yard with this number (never by id: a kiosk types numbers, and ids are
    // counted out), or null when none is (unknown, dispatched, voided).
    async activeIdOf(containerNumber: string): Promise<number | null> {
      const found = await containersRepository.lookup(db, containerNumber, 'number');
      const container = found?.row.container;
      return container && container.dispatchedAt === null && container.voidedAt === null ? container.id : null;
    },

    // One visit's status as the kiosk status shows it (a status link, issue 21); a voided visit
    // (deleted by staff, DESIGN §5) has none.
    async visitStatus(containerId: number): Promise<ContainerStatus | null> {
      const rows = await containersRepository.byIds(db, [containerId]);
      const [container] = await containersWithLocations(
        db,
        rows.filter((row) => row.container.voidedAt === null),
      );
      return container ? statusOf(container) : null;
    },

    // Sets or clears the movement alert; the containers in the yard are announced where they stand
    // (container.moved in place), so the screens show it and the alarms recorder clears a
    // movement-alert alarm whose alert was lifted.
    async updateMovementAlert(containerIds: number[], movementAlert: boolean, principal: Principal) {
      const ids = [...new Set(containerIds)];
      await inventory.change(async (tx, events) => {
        const updated = await containersRepository.setMovementAlert(tx, ids, movementAlert);
        if (updated.length !== ids.length) {
          const found = new Set(updated.map((row) => row.id));
          throw notFound(messages.containerNotFound(ids.filter((id) => !found.has(id)).join(', ')));
        }
        const grid = await loadGrid(tx, namer);
        const views = (await inventoryViews(tx, namer, grid, ids)).filter((view) => view.location !== null);
        if (views.length) {
          const { version } = await containersRepository.version(tx);
          events.push(...slotEvents(views, new Map(), { username: principal.username, source: 'manual' }, version));
        }
      });
      return { responsestatus: 'OK' };
    },
  };
}

export type ContainersService = ReturnType<typeof createContainersService>;

// What the public status answers show of a container (spec 2 §3 Kiosk status form).
function statusOf(container: Container): ContainerStatus {
  return {
    containerNumber: container.containerNumber,
    sizeName: container.sizeName,
    igmNumber: container.igm,
    itemNumber: container.item,
    status: container.dispatched ? 'Dispatched' : 'In yard',
    location: container.location,
    gateInDate: container.addeddate,
    dispatchDate: container.dispatchDate,
  };
}
