import { messages, RULE_ALL, ruleSaveError, type Rule, type RuleInput } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { badRequest, conflict, lockedFeature, notFound } from '../../errors';
import type { Principal } from '../auth';
import { masterDataRepository } from '../master-data';
import { commitWithEvents, type AfterCommit, type NewEvent } from '../outbox';
import { createSlotNamer, type SlotOptions } from '../yard';
import { yardRepository } from '../yard';
import { databaseError } from '../../lib/database-errors';
import { configurationRepository, type RuleRow } from './configuration.repository';

const FILTERS = ['process', 'type', 'size', 'category', 'liner', 'customer', 'cargoType'] as const;
type FilterName = (typeof FILTERS)[number];

const rulesEvent: NewEvent = { type: 'yard.layoutChanged', data: { reason: 'rules', areas: [] } };

// Yard colour rules (spec 1 §3-§5): load, save, delete. Editing needs the enterprise edition.
export function createConfigurationService(
  db: Database,
  deps: { slots: SlotOptions; enterprise: boolean; afterCommit: AfterCommit },
) {
  const namer = createSlotNamer(deps.slots);

  async function change<T>(work: (tx: Database, events: NewEvent[]) => Promise<T>, name: string): Promise<T> {
    try {
      return await commitWithEvents(db, deps.afterCommit, work);
    } catch (error) {
      throw databaseError(error, {
        unique: ({ constraint }) =>
          constraint === 'yard_rule_cells_cell_unique'
            ? conflict(messages.ruleCellTaken('of this rule', 'another rule'))
            : conflict(messages.ruleNameTaken(name), 'name'),
      });
    }
  }

  // Rules with their cells named as the layout names them.
  async function views(database: Database, rows: RuleRow[]): Promise<Rule[]> {
    const [{ areas, rows: yardRows, columns }, cells] = await Promise.all([
      yardRepository.grid(database),
      configurationRepository.cellsOfRules(
        database,
        rows.map((row) => row.id),
      ),
    ]);
    const grid = namer.grid(areas, yardRows, columns);
    const rowById = new Map(yardRows.map((row) => [row.id, row]));
    const columnById = new Map(columns.map((column) => [column.id, column]));
    return rows.map((rule) => ({
      id: rule.id,
      name: rule.name,
      color: rule.color,
      process: rule.process,
      type: rule.type,
      size: rule.size,
      category: rule.category,
      liner: rule.liner,
      customer: rule.customer,
      cargoType: rule.cargoType,
      hazardous: rule.hazardous,
      cells: cells
        .filter((entry) => entry.ruleId === rule.id)
        .map(({ cell }) => {
          const names = namer.names(grid, {
            areaId: cell.areaId,
            rowIndex: rowById.get(cell.rowId)?.index ?? 0,
            columnIndex: columnById.get(cell.columnId)?.index ?? 0,
            tier: 1,
          });
          return { id: cell.id, name: names.column, fullName: names.fullName };
        })
        .sort((a, b) => a.fullName.localeCompare(b.fullName, undefined, { numeric: true })),
    }));
  }

  // Each filter is 'All' or a name from its master-data list (case as the list writes it).
  async function filters(database: Database, input: RuleInput): Promise<Record<FilterName, string>> {
    const [processes, types, sizes, categories, liners, customers, cargoTypes] = await Promise.all([
      masterDataRepository.named(database, 'container-processes'),
      masterDataRepository.types(database),
      masterDataRepository.sizes(database),
      masterDataRepository.named(database, 'categories'),
      masterDataRepository.linerInfos(database),
      masterDataRepository.customers(database),
      masterDataRepository.named(database, 'cargo-types'),
    ]);
    const lists: Record<FilterName, { label: string; names: string[] }> = {
      process: { label: 'process', names: processes.map((row) => row.name) },
      type: { label: 'container type', names: types.map((row) => row.name) },
      size: { label: 'size', names: sizes.map((row) => row.name) },
      category: { label: 'category', names: categories.map((row) => row.name) },
      liner: { label: 'liner', names: liners.map((row) => row.name) },
      customer: { label: 'customer', names: customers.map((row) => row.name) },
      cargoType: { label: 'cargo type', names: cargoTypes.map((row) => row.name) },
    };
    const result = {} as Record<FilterName, string>;
    for (const filter of FILTERS) {
      const value = input[filter]?.trim();
      if (!value || value.toLowerCase() === RULE_ALL.toLowerCase()) {
        result[filter] = RULE_ALL;
        continue;
      }
      const found = lists[filter].names.find((name) => name.toLowerCase() === value.toLowerCase());
      if (!found) throw badRequest(messages.unknownMasterData(lists[filter].label, value));
      result[filter] = found;
    }
    return result;
  }

  function assertEnterprise() {
    if (!deps.enterprise) throw lockedFeature();
  }

  return {
    async load(): Promise<Rule[]> {
      return views(db, await configurationRepository.rules(db));
    },

    async save(input: RuleInput, principal: Principal) {
      assertEnterprise();
      const cellIds = [...new Set(input.cells.map((cell) => cell.id))];
      const problem = ruleSaveError({ name: input.name, color: input.color, cellCount: cellIds.length });
      if (problem === 'name') throw badRequest(messages.ruleNameRequired);
      if (problem === 'color') throw badRequest(messages.ruleColorRequired);
      if (problem === 'cells') throw badRequest(messages.ruleCellsRequired);
      const name = input.name.trim();
      const color = input.color!.trim();
      if (!/^#[0-9A-Fa-f]{6}$/.test(color)) throw badRequest(messages.ruleColorRequired);
      const id = input.id ?? undefined;
      const rule = await change(async (tx, events) => {
        const values = {
          name,
          color,
          hazardous: input.hazardous ?? false,
          updatedBy: principal.username,
          ...(await filters(tx, input)),
        };
        const sameName = await configurationRepository.ruleByName(tx, name);
        if (sameName && sameName.id !== id) throw conflict(messages.ruleNameTaken(name), 'name');
        const existing = new Set((await configurationRepository.existingCells(tx, cellIds)).map((row) => row.id));
        const unknown = cellIds.find((cellId) => !existing.has(cellId));
        if (unknown !== undefined) throw badRequest(messages.ruleCellUnknown(unknown));
        const taken = (await configurationRepository.cellOwners(tx, cellIds)).find((owner) => owner.ruleId !== id);
        if (taken) {
          const cell = input.cells.find((entry) => entry.id === taken.cellId);
          throw conflict(messages.ruleCellTaken(cell?.fullName ?? cell?.name ?? String(taken.cellId), taken.ruleName));
        }
        let row: RuleRow | undefined;
        if (id === undefined) row = await configurationRepository.insert(tx, values);
        else row = await configurationRepository.update(tx, id, values);
        if (!row) throw notFound();
        await configurationRepository.replaceCells(tx, row.id, cellIds);
        events.push(rulesEvent);
        return (await views(tx, [row]))[0]!;
      }, name);
      return { responsestatus: 'success', message: messages.ruleSaved, rule };
    },

    async delete(id: number) {
      assertEnterprise();
      await change(async (tx, events) => {
        if (!(await configurationRepository.delete(tx, id))) throw notFound();
        events.push(rulesEvent);
      }, '');
      return { responsestatus: 'success', message: messages.ruleDeleted };
    },
  };
}

export type ConfigurationService = ReturnType<typeof createConfigurationService>;
