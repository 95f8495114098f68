import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  not,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { normalizeContainerNumber, type ContainerSortField, type SortOrder } from '@openyard/contracts';
import { genericPlanHandles, type Database } from '../../adapters/db';
import { rowsOf } from '../../db/bulk-insert';
import { preparedQuery } from '../../db/prepared';
import {
  cargoTypes,
  categories,
  containerProcesses,
  containerSizes,
  containerTypes,
  customers,
  linerInfos,
  linerPrefixes,
  masterDataState,
} from '../../db/schema';
import { archivedContainerMovements, archivedContainers, yardAreas } from '../../db/schema';
import {
  containerMovements,
  containerPositions,
  containers,
  inventoryState,
  ownerPrefix,
  ownSearchText,
} from './containers.table';

export type ContainerRow = typeof containers.$inferSelect;
export type NewContainerRow = typeof containers.$inferInsert;
export type MovementRow = typeof containerMovements.$inferSelect;
export type NewMovementRow = typeof containerMovements.$inferInsert;
export type PositionRow = typeof containerPositions.$inferSelect;

// A container with the names of its master data and its liner (from the owner-code prefix).
const details = {
  container: containers,
  sizeName: containerSizes.name,
  lengthFeet: containerSizes.lengthFeet,
  typeName: containerTypes.name,
  processName: containerProcesses.name,
  categoryName: categories.name,
  customerName: customers.name,
  cargoTypeName: cargoTypes.name,
  linerName: linerInfos.name,
  linerCode: linerInfos.code,
  linerColor: linerInfos.color,
};

export type ContainerDetailsRow = {
  container: ContainerRow;
  sizeName: string;
  lengthFeet: number;
  typeName: string | null;
  processName: string | null;
  categoryName: string | null;
  customerName: string | null;
  cargoTypeName: string | null;
  linerName: string | null;
  linerCode: string | null;
  linerColor: string | null;
};

// Where a container stands: for a 40 ft box, the first column of its pair.
export interface StandingRow {
  containerId: number;
  areaId: number;
  rowIndex: number;
  columnIndex: number;
  tier: number;
}

// The joins behind `details`: master data by id, the liner by the number's first four letters.
// The details of a container row, current or archived (the archive's table has the same columns).
function joinDetails<T extends PgSelect>(
  query: T,
  source: typeof containers | typeof archivedContainers = containers,
): T {
  return query
    .innerJoin(containerSizes, eq(containerSizes.id, source.sizeId))
    .leftJoin(containerTypes, eq(containerTypes.id, source.typeId))
    .leftJoin(containerProcesses, eq(containerProcesses.id, source.processId))
    .leftJoin(categories, eq(categories.id, source.categoryId))
    .leftJoin(customers, eq(customers.id, source.customerId))
    .leftJoin(cargoTypes, eq(cargoTypes.id, source.cargoTypeId))
    .leftJoin(linerPrefixes, eq(linerPrefixes.prefix, ownerPrefix(source.containerNumber)))
    .leftJoin(linerInfos, eq(linerInfos.id, linerPrefixes.linerId)) as unknown as T;
}

// The visits a read names `containers`: the current table, or, for a read that reaches the archive,
// migration 0032's view of the current rows `union all` the archived ones under that name (a common
// table expression hides the table of its name for the statement), so the fields, conditions and
// joins written for the current table read the view unchanged. A row is in exactly one of the two at
// any snapshot (an archive run deletes and inserts it in one statement, under the id it always had).
const withArchiveAsContainers = (db: Database) =>
  db.$with('containers', { id: containers.id }).as(sql`select * from containers_with_archive`);
export const visitsOf = (db: Database, withArchive: boolean) =>
  withArchive ? db.with(withArchiveAsContainers(db)) : db;

const withDetails = (db: Database, withArchive = false) =>
  joinDetails(visitsOf(db, withArchive).select(details).from(containers).$dynamic());

// A voided container (containersService.delete) is history: no list, search or lookup finds it; only
// the movements of its number (idsByNumber) and the inventory's changes (changedSince) still do.
const notVoided = isNull(containers.voidedAt);
// In the yard: gated in and not dispatched. A planned container (planned = true) is a plan's
// reservation of its slot, not a box in the yard (issue 19): the yard's lists, counts and the gate's
// checks leave it out; the inventory shows it only where planned slots are asked for.
const inTheYard = and(isNull(containers.dispatchedAt), not(containers.planned));

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

export interface ContainerFilter {
  activeOnly: boolean;
  terms: string[];
  from?: Date;
  to?: Date;
  // Every visit of a range that reaches rows an archive run moved (archiveRepository.reachesArchive):
  // the current visits and the archived ones are listed as one (sourceOf).
  withArchive?: boolean;
}

// The visits a list reads: the current table, or, when its range reaches the archive, migration
// 0032's view of the current rows `union all` the archived ones under the current table's name, so
// every condition, sort key and join written for the current table reads the view unchanged. A row
// is in exactly one of the two at any snapshot (an archive run deletes and inserts it in one
// statement, under the id it always had), so one statement counts and pages the two as one list,
// without a row twice. Archived visits stand nowhere: the places' subqueries find none for them.
const sourceOf = (filter: { withArchive?: boolean | undefined }) =>
  filter.withArchive ? sql`containers_with_archive ${containers}` : sql`${containers}`;

// What a search term names besides the container's own texts: ids of master data, liner prefixes
// and areas. They go into the container query as constants: the planner estimates `size_id in (2)`
// from the statistics and ORs index scans, whereas for `size_id = any(array(select ...))` it assumes
// ten ids of average frequency, most of the table for a column of three sizes, and scans the table.
interface TermMatches {
  customerIds: number[];
  processIds: number[];
  typeIds: number[];
  sizeIds: number[];
  linerPrefixes: string[];
  areaIds: number[];
}

// The separator between the own texts in ownSearchText; a term holding it would match across two.
const SEARCH_TEXT_SEPARATOR = String.fromCharCode(31);

const likePattern = (term: string) => `%${escapeLike(term)}%`;

// The names search terms are matched against, as of one version of them: the master-data version
// (migration 0008) and the layout version (areas). A few hundred short rows in a yard; each server
// keeps them in memory per database handle, so a search costs no statement for them. The search
// statement reads both versions in the same snapshot as the containers it finds: when either moved
// on, the names are read again and the search runs again (searchPage), so a search never mixes a
// renamed customer with its old name.
interface SearchVocabulary {
  masterVersion: number;
  layoutVersion: number;
  customers: { id: number; name: string }[];
  processes: { id: number; name: string }[];
  types: { id: number; name: string }[];
  sizes: { id: number; name: string }[];
  liners: { name: string; code: string; prefixes: string[] }[];
  areas: { id: number; name: string }[];
}

const vocabularies = new WeakMap<Database, SearchVocabulary>();

// Both versions as the search statement reads them, next to what it found.
const vocabularyVersions = sql`(select ${masterDataState.version} from ${masterDataState} where ${masterDataState.id} = 1)::text
  || ':' || (select ${inventoryState.layoutVersion} from ${inventoryState} where ${inventoryState.id} = 1)::text`;
const versionsOf = (vocabulary: SearchVocabulary) => `${vocabulary.masterVersion}:${vocabulary.layoutVersion}`;

// All names and both versions in one statement (one snapshot), as JSON text.
const vocabularyQuery = preparedQuery((db) => {
  const list = (table: typeof customers | typeof containerProcesses | typeof containerTypes | typeof containerSizes) =>
    sql`(select coalesce(json_agg(json_build_object('id', ${table.id}, 'name', ${table.name})), '[]') from ${table})`;
  return db
    .select({
      json: sql<string>`json_build_object(
        'masterVersion', (select ${masterDataState.version} from ${masterDataState} where ${masterDataState.id} = 1),
        'layoutVersion', (select ${inventoryState.layoutVersion} from ${inventoryState} where ${inventoryState.id} = 1),
        'customers', ${list(customers)},
        'processes', ${list(containerProcesses)},
        'types', ${list(containerTypes)},
        'sizes', ${list(containerSizes)},
        'liners', (select coalesce(json_agg(json_build_object('name', ${linerInfos.name}, 'code', ${linerInfos.code},
          'prefixes', (select coalesce(json_agg(${linerPrefixes.prefix}), '[]') from ${linerPrefixes}
            where ${linerPrefixes.linerId} = ${linerInfos.id}))), '[]') from ${linerInfos}),
        'areas', (select coalesce(json_agg(json_build_object('id', ${yardAreas.id}, 'name', ${yardAreas.name})), '[]')
          from ${yardAreas}))::text`,
    })
    .from(sql`(select 1) as one`)
    .prepare('search_vocabulary');
});

// The names a search with terms is matched against: as this server holds them, else read now.
async function vocabularyFor(db: Database, filter: ContainerFilter): Promise<SearchVocabulary | null> {
  return filter.terms.length ? (vocabularies.get(db) ?? (await loadVocabulary(db))) : null;
}

async function loadVocabulary(db: Database): Promise<SearchVocabulary> {
  const [row] = await vocabularyQuery(db).execute();
  const vocabulary = JSON.parse(row!.json) as SearchVocabulary;
  vocabularies.set(db, vocabulary);
  return vocabulary;
}

// What each term names, as PostgreSQL's ILIKE '%term%' (names containing it, in any case), `=`
// (a size's name) and upper() = upper() (an area's name) would find it.
function termMatches(vocabulary: SearchVocabulary, terms: string[]): TermMatches[] {
  return terms.map((term) => {
    const lower = term.toLowerCase();
    const contains = (name: string) => name.toLowerCase().includes(lower);
    const ids = (rows: { id: number; name: string }[]) => rows.filter((row) => contains(row.name)).map((row) => row.id);
    const upper = term.toUpperCase();
    return {
      customerIds: ids(vocabulary.customers),
      processIds: ids(vocabulary.processes),
      typeIds: ids(vocabulary.types),
      sizeIds: vocabulary.sizes.filter((size) => size.name === term).map((size) => size.id),
      linerPrefixes: vocabulary.liners
        .filter((liner) => contains(liner.name) || contains(liner.code))
        .flatMap((liner) => liner.prefixes),
      areaIds: vocabulary.areas.filter((area) => area.name.toUpperCase() === upper).map((area) => area.id),
    };
  });
}

// A term matches a container when it is a substring of one of its own texts, or names (in part)
// its customer, process, type or liner, or exactly its size or the area it stands in. Each way is
// an index of containers, so the planner ORs their bitmaps (migration 0005).
function termCondition(term: string, matches: TermMatches): SQL {
  return (
    or(
      term.includes(SEARCH_TEXT_SEPARATOR) ? undefined : ilike(ownSearchText(containers), likePattern(term)),
      anyOf(containers.customerId, matches.customerIds),
      anyOf(containers.processId, matches.processIds),
      anyOf(containers.typeId, matches.typeIds),
      anyOf(containers.sizeId, matches.sizeIds),
      anyOf(ownerPrefix(containers.containerNumber), matches.linerPrefixes),
      matches.areaIds.length
        ? sql`${containers.id} = any(array(select ${containerPositions.containerId} from ${containerPositions}
            where ${inArray(containerPositions.areaId, matches.areaIds)}))`
        : undefined,
    ) ?? sql`false`
  );
}

// A column among values; nothing when there are none (a term that names none of them).
const anyOf = (column: SQLWrapper, values: (number | string)[]) =>
  values.length ? inArray(column, values) : undefined;

// Every term must match; see termCondition.
function filterWhere(filter: ContainerFilter, matches: TermMatches[]): SQL | undefined {
  return and(
    notVoided,
    filter.activeOnly ? inTheYard : undefined,
    filter.from ? gte(containers.gateInAt, filter.from) : undefined,
    filter.to ? lte(containers.gateInAt, filter.to) : undefined,
    ...filter.terms.map((term, position) => termCondition(term, matches[position]!)),
  );
}

// The trigram index finds a term of three characters or more whatever its letters.
const TRIGRAM = 3;
const namesNothing = (matches: TermMatches) =>
  !matches.customerIds.length &&
  !matches.processIds.length &&
  !matches.typeIds.length &&
  !matches.sizeIds.length &&
  !matches.linerPrefixes.length &&
  !matches.areaIds.length;

// A search by the containers' own texts alone (a number, an IGM, an item, a tag: what clerks type
// all day), every term a trigram or longer, without dates: the best plan for it does not depend on
// the terms' values, so it may run on a generic plan (openPostgres), which PostgreSQL does not plan
// anew on every execution. Planning was two thirds of PostgreSQL's time for such a search
// (0.58 → 0.21 ms a statement). A shorter term, a term that names master data or an area, and
// dates are planned for their values: there the values decide between the indexes and a scan. A
// list that reaches the archive is planned for its values too (it reads the view, not the prepared
// statements of the current table).
const planIndependent = (filter: ContainerFilter, matches: TermMatches[]) =>
  !filter.withArchive &&
  !filter.from &&
  !filter.to &&
  filter.terms.length > 0 &&
  filter.terms.every((term) => term.length >= TRIGRAM && !term.includes(SEARCH_TEXT_SEPARATOR)) &&
  matches.every(namesNothing);

// Where a container stands: its position's area, row and tier, and the first column it takes.
const standingFields = {
  containerId: containerPositions.containerId,
  areaId: containerPositions.areaId,
  rowIndex: containerPositions.rowIndex,
  columnIndex: sql<number>`min(${containerPositions.columnIndex})`.mapWith(Number),
  tier: containerPositions.tier,
};

// The reads of one container that every lookup makes, built once (see preparedQuery).
// A lookup in one statement: the container's details, where it stands ([area, row, first column,
// tier], null when it stands nowhere) and the yard layout's version its slot names are read at.
const lookupFields = {
  ...details,
  standing: sql<number[] | null>`(select array[${containerPositions.areaId}, ${containerPositions.rowIndex},
      min(${containerPositions.columnIndex}), ${containerPositions.tier}]
    from ${containerPositions} where ${containerPositions.containerId} = ${containers.id}
    group by ${containerPositions.areaId}, ${containerPositions.rowIndex}, ${containerPositions.tier} limit 1)`,
  layoutVersion:
    sql<number>`(select ${inventoryState.layoutVersion} from ${inventoryState} where ${inventoryState.id} = 1)`.mapWith(
      Number,
    ),
};
// The visits that may be archived too when asked (visitsOf).
const lookupQuery = (db: Database, withArchive = false) =>
  joinDetails(visitsOf(db, withArchive).select(lookupFields).from(containers).$dynamic());
const lookupByNumberQuery = preparedQuery((db) =>
  lookupQuery(db)
    .where(and(eq(containers.containerNumber, sql.placeholder('number')), notVoided))
    .orderBy(sql`${containers.dispatchedAt} is not null`, desc(containers.gateInAt), desc(containers.id))
    .limit(1)
    .prepare('container_lookup_by_number'),
);
const lookupByIdQuery = preparedQuery((db) =>
  lookupQuery(db)
    .where(and(eq(containers.id, sql.placeholder('id')), notVoided))
    .prepare('container_lookup_by_id'),
);

export interface ContainerLookup {
  row: ContainerDetailsRow;
  standing: StandingRow | undefined;
  layoutVersion: number;
}

function toLookup(found: (ContainerDetailsRow & { standing: unknown; layoutVersion: number }) | undefined) {
  if (!found) return undefined;
  const { standing, layoutVersion, ...row } = found;
  // An int[] comes back as an array from either driver.
  const place = Array.isArray(standing) ? standing.map(Number) : null;
  return {
    row,
    standing: place
      ? {
          containerId: row.container.id,
          areaId: place[0]!,
          rowIndex: place[1]!,
          columnIndex: place[2]!,
          tier: place[3]!,
        }
      : undefined,
    layoutVersion,
  } satisfies ContainerLookup;
}

const layoutVersionQuery = preparedQuery((db) =>
  db
    .select({ layoutVersion: inventoryState.layoutVersion })
    .from(inventoryState)
    .where(eq(inventoryState.id, 1))
    .prepare('layout_version'),
);
const standingQuery = preparedQuery((db) =>
  db
    .select(standingFields)
    .from(containerPositions)
    .where(sql`${containerPositions.containerId} = any(${sql.placeholder('ids')}::integer[])`)
    .groupBy(
      containerPositions.containerId,
      containerPositions.areaId,
      containerPositions.rowIndex,
      containerPositions.tier,
    )
    .prepare('container_standing'),
);
// Containers with their details, where they stand and the layout version, newest first: a page.
const pageQueryOf = (withArchive: boolean) =>
  preparedQuery((db) =>
    lookupQuery(db, withArchive)
      .where(sql`${containers.id} = any(${sql.placeholder('ids')}::integer[])`)
      .orderBy(desc(containers.gateInAt), desc(containers.id))
      .prepare(withArchive ? 'container_page_with_archive' : 'container_page'),
  );
const pageQuery = pageQueryOf(false);
// A page of a list that reached the archive, its visits read where they are now: one an archive
// run moved since the search statement is found in the archive, once.
const pageWithArchiveQuery = pageQueryOf(true);
const pageQueryFor = (filter: ContainerFilter) => (filter.withArchive ? pageWithArchiveQuery : pageQuery);

// See containersRepository.searchStatement.
function searchStatement(
  vocabulary: SearchVocabulary | null,
  filter: ContainerFilter,
  matches: TermMatches[],
  offset: number,
  limit: number,
): SQL {
  const where = filterWhere(filter, matches);
  const condition = where ? sql`where ${where}` : sql``;
  const source = sourceOf(filter);
  if (!vocabulary)
    return sql`select
      (select count(*) from ${source} ${condition})::integer as total,
      array(select ${containers.id} from ${source} ${condition}
        order by ${containers.gateInAt} desc, ${containers.id} desc offset ${offset} limit ${limit})::text as ids,
      null as versions`;
  return sql`with matched as materialized (
      select ${containers.id} as id, ${containers.gateInAt} as gate_in_at from ${source} ${condition})
    select (select count(*) from matched)::integer as total,
      array(select id from matched order by gate_in_at desc, id desc offset ${offset} limit ${limit})::text as ids,
      ${vocabularyVersions} as versions`;
}

// A list sorted by a column across its pages (ContainersQuery's sortBy/sortOrder).
export interface ContainerSort {
  by: ContainerSortField;
  order: SortOrder;
}

// The value of a master-data name of a container.
const nameOf = (table: typeof customers | typeof containerProcesses | typeof containerTypes, id: SQLWrapper) =>
  sql`(select lower(${table.name}) from ${table} where ${table.id} = ${id})`;

// Where a container stands as the sort reads it: its area's name, row, first column and tier (the
// parts of its slot name, in order); nothing for a container that stands nowhere.
const standingForSort = sql`left join lateral (select ${yardAreas.name} as area_name, ${containerPositions.rowIndex} as row_index,
    min(${containerPositions.columnIndex}) as column_index, ${containerPositions.tier} as tier
  from ${containerPositions} join ${yardAreas} on ${yardAreas.id} = ${containerPositions.areaId}
  where ${containerPositions.containerId} = ${containers.id}
  group by ${yardAreas.name}, ${containerPositions.rowIndex}, ${containerPositions.tier} limit 1) as standing on true`;

// What each sortable column orders by (only these: the client names a column, never SQL), and the
// join it needs. Texts are compared in lower case.
function sortKeysOf(by: ContainerSortField): { keys: SQL[]; join?: SQL } {
  switch (by) {
    case 'containerNumber':
      return { keys: [sql`${containers.containerNumber}`] };
    case 'size':
      return {
        keys: [
          sql`(select ${containerSizes.lengthFeet} from ${containerSizes} where ${containerSizes.id} = ${containers.sizeId})`,
          sql`(select ${containerSizes.name} from ${containerSizes} where ${containerSizes.id} = ${containers.sizeId})`,
        ],
      };
    case 'containerType':
      return { keys: [nameOf(containerTypes, containers.typeId)] };
    case 'process':
      return { keys: [nameOf(containerProcesses, containers.processId)] };
    case 'customer':
      return { keys: [nameOf(customers, containers.customerId)] };
    case 'liner':
      return {
        keys: [
          sql`(select lower(${linerInfos.name}) from ${linerPrefixes} join ${linerInfos} on ${linerInfos.id} = ${linerPrefixes.linerId}
            where ${linerPrefixes.prefix} = ${ownerPrefix(containers.containerNumber)})`,
        ],
      };
    case 'igm':
      return { keys: [sql`lower(${containers.igm})`, sql`lower(${containers.item})`] };
    case 'location':
      return {
        keys: [sql`lower(standing.area_name)`, sql`standing.row_index`, sql`standing.column_index`, sql`standing.tier`],
        join: standingForSort,
      };
    case 'addeddate':
      return { keys: [sql`${containers.gateInAt}`] };
    case 'lastMovedDate':
      return { keys: [sql`${containers.lastMovedAt}`] };
    case 'dispatched':
      return { keys: [sql`(${containers.dispatchedAt} is not null)`] };
  }
}

// A sorted search (see containersRepository.page): not prepared and planned for its values, as a
// person sorts now and then; the searches clerks type all day keep their prepared, generic plans.
// The matching containers are found once for the total and the page; empty values go last in
// either direction, and ties are broken by id.
function sortedSearchStatement(
  vocabulary: SearchVocabulary | null,
  filter: ContainerFilter,
  matches: TermMatches[],
  sort: ContainerSort,
  offset: number,
  limit: number,
): SQL {
  const where = filterWhere(filter, matches);
  const condition = where ? sql`where ${where}` : sql``;
  const { keys, join } = sortKeysOf(sort.by);
  const direction = sort.order === 'desc' ? sql`desc` : sql`asc`;
  const orderBy = sql.join(
    [...keys.map((key) => sql`${key} ${direction} nulls last`), sql`${containers.id} ${direction}`],
    sql`, `,
  );
  const source = sourceOf(filter);
  return sql`with matched as materialized (select ${containers.id} as id from ${source} ${condition})
    select (select count(*) from matched)::integer as total,
      array(select ${containers.id} from matched join ${source} on ${containers.id} = matched.id ${join ?? sql``}
        order by ${orderBy} offset ${offset} limit ${limit})::text as ids,
      ${vocabulary ? vocabularyVersions : sql`null`} as versions`;
}

interface SearchFound {
  total: number;
  ids: string;
  versions: string | null;
}

// The search by own texts (planIndependent) as prepared queries, two a shape (all or active
// containers; one to OWN_TEXT_PREPARED_TERMS terms), with the terms' patterns, offset and limit as
// placeholders: built once (Drizzle's building was a tenth of the server's time for a search) and
// run on the generic-plan connections (preparedQuery). The first brings the page's containers with
// their details, the total and the versions in one statement (on a generic plan the details' joins
// are not planned on every execution); a page with no rows does not tell the total, so then the
// second counts. A CTE read twice is materialised, as the `materialized` above asks.
const OWN_TEXT_PREPARED_TERMS = 4;

function ownTextMatches(db: Database, activeOnly: boolean, termCount: number) {
  return db.$with('matched').as(
    db
      .select({ id: containers.id, gateInAt: containers.gateInAt })
      .from(containers)
      .where(
        and(
          notVoided,
          activeOnly ? inTheYard : undefined,
          ...Array.from({ length: termCount }, (_, position) =>
            ilike(ownSearchText(containers), sql.placeholder(`pattern${position}`)),
          ),
        ),
      ),
  );
}

function buildOwnTextSearchQueries(activeOnly: boolean, termCount: number, shape: string) {
  const count = preparedQuery((db) => {
    const matched = ownTextMatches(db, activeOnly, termCount);
    return db
      .with(matched)
      .select({
        total: sql<number>`(select count(*) from ${matched})::integer`,
        versions: sql<string | null>`${vocabularyVersions}`,
      })
      .from(sql`(select 1) as one`)
      .prepare(`container_search_own_${shape}`);
  });
  const page = preparedQuery((db) => {
    const matched = ownTextMatches(db, activeOnly, termCount);
    return joinDetails(
      db
        .with(matched)
        .select({
          ...lookupFields,
          total: sql<number>`(select count(*) from ${matched})::integer`,
          versions: sql<string | null>`${vocabularyVersions}`,
        })
        .from(containers)
        .$dynamic(),
    )
      .where(
        sql`${containers.id} = any(array(select ${matched.id} from ${matched}
          order by ${matched.gateInAt} desc, ${matched.id} desc
          offset ${sql.placeholder('offset')} limit ${sql.placeholder('limit')}))`,
      )
      .orderBy(desc(containers.gateInAt), desc(containers.id))
      .prepare(`container_search_page_own_${shape}`);
  });
  return { count, page };
}
const ownTextSearches = new Map<string, ReturnType<typeof buildOwnTextSearchQueries>>();
function ownTextSearchQueries(activeOnly: boolean, termCount: number) {
  const shape = `${activeOnly ? 'active' : 'all'}_${termCount}`;
  let queries = ownTextSearches.get(shape);
  if (!queries) ownTextSearches.set(shape, (queries = buildOwnTextSearchQueries(activeOnly, termCount, shape)));
  return queries;
}

interface SearchPage {
  rows: ContainerLookup[];
  total: number;
  versions: string | null;
}

// One try of a search (see containersRepository.page).
async function searchPage(
  db: Database,
  vocabulary: SearchVocabulary | null,
  filter: ContainerFilter,
  offset: number,
  limit: number,
  sort: ContainerSort | undefined,
): Promise<SearchPage> {
  const matches = vocabulary ? termMatches(vocabulary, filter.terms) : [];
  if (sort) {
    const [found] = rowsOf<SearchFound>(
      await db.execute(sortedSearchStatement(vocabulary, filter, matches, sort, offset, limit)),
    );
    const ids = idsOf(found);
    const rows = ids.length ? await pageQueryFor(filter)(db).execute({ ids: idArray(ids) }) : [];
    // The page's containers come newest first; they are shown in the sort's order.
    const position = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.container.id)! - position.get(b.container.id)!);
    return { rows: rows.map((row) => toLookup(row)!), total: found?.total ?? 0, versions: found?.versions ?? null };
  }
  const generic = planIndependent(filter, matches);
  if (generic && filter.terms.length <= OWN_TEXT_PREPARED_TERMS) {
    const values: Record<string, unknown> = { offset, limit };
    filter.terms.forEach((term, position) => (values[`pattern${position}`] = likePattern(term)));
    const queries = ownTextSearchQueries(filter.activeOnly, filter.terms.length);
    const rows = await queries.page(db).execute(values);
    if (rows.length)
      return {
        rows: rows.map(({ total: _total, versions: _versions, ...row }) => toLookup(row)!),
        total: rows[0]!.total,
        versions: rows[0]!.versions,
      };
    const [counted] = await queries.count(db).execute(values);
    return { rows: [], total: counted?.total ?? 0, versions: counted?.versions ?? null };
  }
  const handle = generic ? (genericPlanHandles.get(db) ?? db) : db;
  const [found] = rowsOf<SearchFound>(
    await handle.execute(searchStatement(vocabulary, filter, matches, offset, limit)),
  );
  const ids = idsOf(found);
  const rows = ids.length ? await pageQueryFor(filter)(db).execute({ ids: idArray(ids) }) : [];
  return { rows: rows.map((row) => toLookup(row)!), total: found?.total ?? 0, versions: found?.versions ?? null };
}

// The page's ids of a search statement, given as an array's text ('{3,1,2}').
const idsOf = (found: SearchFound | undefined) =>
  found && found.ids.length > 2 ? found.ids.slice(1, -1).split(',').map(Number) : [];

// How often a search runs when the names its terms name keep changing under it.
const SEARCH_ATTEMPTS = 3;

// An id list as one parameter (an array literal): the same statement for any number of ids.
const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

export const containersRepository = {
  // A search in one statement: the total and the page's ids, newest first. With search terms the
  // matching containers are found once (the indexes of migration 0005) for both, and the versions
  // of the names the terms were matched against are read with them; without terms, the page is read
  // in the order of the gate-in index and counted apart.
  async searchStatement(db: Database, filter: ContainerFilter, offset: number, limit: number): Promise<SQL> {
    const vocabulary = await vocabularyFor(db, filter);
    const matches = vocabulary ? termMatches(vocabulary, filter.terms) : [];
    return searchStatement(vocabulary, filter, matches, offset, limit);
  },

  // The SQL of the prepared searches by own texts (their parameters are placeholders by name): for
  // the plan test.
  ownTextSearchQueries(db: Database, activeOnly: boolean, termCount: number) {
    const queries = ownTextSearchQueries(activeOnly, termCount);
    return { page: queries.page(db).getQuery(), count: queries.count(db).getQuery() };
  },

  // A page of containers with their details and places, and the total: the search, then the page
  // by id. A search whose terms were matched against names that have changed since is run again
  // with the new names (SearchVocabulary); names that change on every try are taken as they were.
  // Newest gate-in first, unless sorted by a column (sortedSearchStatement).
  async page(
    db: Database,
    filter: ContainerFilter,
    offset: number,
    limit: number,
    sort?: ContainerSort,
  ): Promise<{ rows: ContainerLookup[]; total: number }> {
    let vocabulary = await vocabularyFor(db, filter);
    for (let attempt = 1; ; attempt += 1) {
      const { rows, total, versions } = await searchPage(db, vocabulary, filter, offset, limit, sort);
      if (!vocabulary || versions === versionsOf(vocabulary) || attempt === SEARCH_ATTEMPTS) return { rows, total };
      vocabulary = await loadVocabulary(db);
    }
  },

  async byIds(db: Database, ids: number[]): Promise<ContainerDetailsRow[]> {
    if (!ids.length) return [];
    return withDetails(db).where(inArray(containers.id, ids));
  },

  // One container with where it stands and the layout version, in one statement. The key is its id
  // (digits only) or its number: the active container with that number, else its latest visit.
  // By 'number' the key is a number even when it is all digits: public pages look containers up so,
  // as ids are counted out one by one and numbers are not.
  async lookup(db: Database, key: string, by: 'key' | 'number' = 'key'): Promise<ContainerLookup | undefined> {
    const [found] =
      by === 'key' && /^\d+$/.test(key)
        ? await lookupByIdQuery(db).execute({ id: Number(key) })
        : await lookupByNumberQuery(db).execute({ number: normalizeContainerNumber(key) });
    return toLookup(found);
  },

  // Voided containers are history, never changed again (migration 0012): they are not locked for a change.
  async lockContainers(db: Database, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select()
      .from(containers)
      .where(and(inArray(containers.id, ids), notVoided))
      .orderBy(asc(containers.id))
      .for('update');
  },

  // Takes the inventory lock: every writer of the yard takes it first, so they queue in one order.
  async lockInventory(db: Database) {
    await db.select({ id: inventoryState.id }).from(inventoryState).where(eq(inventoryState.id, 1)).for('update');
  },

  async layoutVersion(db: Database): Promise<number> {
    const [row] = await layoutVersionQuery(db).execute();
    return row?.layoutVersion ?? 0;
  },

  async version(db: Database): Promise<{ version: number; changedAt: Date }> {
    const [row] = await db.select().from(inventoryState).where(eq(inventoryState.id, 1));
    return { version: row?.version ?? 0, changedAt: row?.changedAt ?? new Date(0) };
  },

  async standing(db: Database, containerIds: number[]): Promise<StandingRow[]> {
    if (!containerIds.length) return [];
    return standingQuery(db).execute({ ids: idArray(containerIds) });
  },

  positionsOf: (db: Database, containerIds: number[]) =>
    containerIds.length
      ? db.select().from(containerPositions).where(inArray(containerPositions.containerId, containerIds))
      : Promise.resolve([] as PositionRow[]),

  // Every position of the given stacks (area, row, column), for placing and checking.
  async stacks(db: Database, stacks: { areaId: number; rowIndex: number; columnIndex: number }[]) {
    if (!stacks.length) return [];
    const keys = stacks.map(
      (stack) =>
        sql`(${containerPositions.areaId} = ${stack.areaId} and ${containerPositions.rowIndex} = ${stack.rowIndex} and ${containerPositions.columnIndex} = ${stack.columnIndex})`,
    );
    return db
      .select({
        areaId: containerPositions.areaId,
        rowIndex: containerPositions.rowIndex,
        columnIndex: containerPositions.columnIndex,
        tier: containerPositions.tier,
        containerId: containerPositions.containerId,
        planned: containers.planned,
      })
      .from(containerPositions)
      .innerJoin(containers, eq(containers.id, containerPositions.containerId))
      .where(or(...keys));
  },

  // The containers in the yard with where they stand; by area, or by container.
  async inYard(
    db: Database,
    options: { areaId?: number; containerIds?: number[]; includePlanned?: boolean; igm?: string; item?: string },
  ) {
    const standing = db
      .select({
        containerId: containerPositions.containerId,
        areaId: containerPositions.areaId,
        rowIndex: containerPositions.rowIndex,
        columnIndex: sql<number>`min(${containerPositions.columnIndex})`.as('column_index'),
        tier: containerPositions.tier,
      })
      .from(containerPositions)
      .where(options.areaId === undefined ? undefined : eq(containerPositions.areaId, options.areaId))
      .groupBy(
        containerPositions.containerId,
        containerPositions.areaId,
        containerPositions.rowIndex,
        containerPositions.tier,
      )
      .as('standing');
    const rows = await joinDetails(
      db
        .select({
          ...details,
          areaId: standing.areaId,
          rowIndex: standing.rowIndex,
          columnIndex: standing.columnIndex,
          tier: standing.tier,
        })
        .from(containers)
        .$dynamic(),
    )
      .innerJoin(standing, eq(standing.containerId, containers.id))
      .where(
        and(
          options.containerIds ? inArray(containers.id, options.containerIds) : undefined,
          options.includePlanned ? undefined : eq(containers.planned, false),
          options.igm === undefined ? undefined : sql`upper(${containers.igm}) = upper(${options.igm})`,
          options.item === undefined ? undefined : sql`upper(${containers.item}) = upper(${options.item})`,
        ),
      )
      .orderBy(standing.areaId, standing.rowIndex, standing.columnIndex, standing.tier);
    return rows.map((row) => ({ ...(row as ContainerDetailsRow), ...row, columnIndex: Number(row.columnIndex) }));
  },

  // Active containers of an IGM (and item), in the yard or not (a plan's reservations too); the
  // archived visits too when asked (withArchive: the kiosk status of every visit, docs/archive.md).
  async byIgm(db: Database, igm: string, item: string | undefined, activeOnly: boolean, withArchive = false) {
    return (await withDetails(db, withArchive)
      .where(
        and(
          sql`upper(${containers.igm}) = upper(${igm})`,
          item === undefined ? undefined : sql`upper(${containers.item}) = upper(${item})`,
          notVoided,
          activeOnly ? isNull(containers.dispatchedAt) : undefined,
        ),
      )
      .orderBy(
        asc(containers.item),
        asc(containers.containerNumber),
        asc(containers.gateInAt),
        asc(containers.id),
      )) as ContainerDetailsRow[];
  },

  // Containers whose location or details changed since a time: moved, edited, or left the yard.
  async changedSince(db: Database, since: Date) {
    const rows = await db
      .select({ id: containers.id })
      .from(containers)
      .where(
        or(
          gte(containers.updatedAt, since),
          sql`exists (select 1 from ${containerMovements} m where m.container_id = ${containers.id} and m.moved_at >= ${since.toISOString()}::timestamptz)`,
        ),
      );
    return rows.map((row) => row.id);
  },

  // Slot positions taken per area; a plan's reservations only where planned slots are asked for.
  occupancy: (db: Database, includePlanned = false) =>
    db
      .select({
        areaId: containerPositions.areaId,
        filledSlots: count().as('filled_slots'),
      })
      .from(containerPositions)
      .innerJoin(containers, eq(containers.id, containerPositions.containerId))
      .where(includePlanned ? undefined : not(containers.planned))
      .groupBy(containerPositions.areaId),

  // Visits whose number starts with the query, those in the yard first; dispatched ones only when
  // asked, and then the archived ones too when asked (withArchive, docs/archive.md). The few visits
  // are picked first and their details joined to them alone: a short prefix matches thousands.
  async suggestions(db: Database, query: string, limit: number, includeDispatched: boolean, withArchive = false) {
    const text = query.toUpperCase();
    const last = text.charCodeAt(text.length - 1);
    // The prefix as a range of the numbers' bytes too, which the prefix index (text_pattern_ops)
    // serves in a prepared statement's generic plan as well, where `like $1` reads every row (an
    // ASCII last character: one byte, so the next character code bounds the range).
    const range =
      last < 0x7f
        ? sql`${containers.containerNumber} ~>=~ ${text} and ${containers.containerNumber} ~<~ ${text.slice(0, -1) + String.fromCharCode(last + 1)}`
        : undefined;
    const order = [
      sql`${containers.dispatchedAt} is not null`,
      asc(containers.containerNumber),
      desc(containers.gateInAt),
    ];
    const picked = db
      .$with('containers', { id: containers.id })
      .as(
        sql`select * from ${sourceOf({ withArchive })} where ${and(
          sql`${containers.containerNumber} like ${`${escapeLike(text)}%`}`,
          range,
          notVoided,
          includeDispatched ? undefined : isNull(containers.dispatchedAt),
        )} order by ${sql.join(order, sql`, `)} limit ${limit}`,
      );
    return (await joinDetails(db.with(picked).select(details).from(containers).$dynamic()).orderBy(
      ...order,
    )) as ContainerDetailsRow[];
  },

  async igmSuggestions(db: Database, igm: string, item: string | undefined, limit: number) {
    const rows = await db
      .selectDistinct({ igm: containers.igm, item: containers.item })
      .from(containers)
      .where(
        and(
          isNull(containers.dispatchedAt),
          notVoided,
          sql`${containers.igm} is not null`,
          ilike(containers.igm, `${escapeLike(igm)}%`),
          item ? ilike(containers.item, `${escapeLike(item)}%`) : undefined,
        ),
      )
      .orderBy(asc(containers.igm), asc(containers.item))
      .limit(limit);
    return rows;
  },

  async insert(db: Database, values: NewContainerRow) {
    const [row] = await db.insert(containers).values(values).returning();
    return row!;
  },

  // Many containers in one statement: their ids in the order given (PostgreSQL returns an INSERT …
  // VALUES's rows in the order of its values).
  async insertMany(db: Database, values: readonly NewContainerRow[]) {
    if (!values.length) return [];
    return db
      .insert(containers)
      .values([...values])
      .returning({ id: containers.id });
  },

  async update(db: Database, id: number, values: Partial<NewContainerRow>) {
    const [row] = await db
      .update(containers)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(containers.id, id))
      .returning();
    return row;
  },

  // The planner's figures of the yard's tables, taken again.
  async analyze(db: Database) {
    await db.execute(sql`analyze containers, container_positions, container_movements`);
  },

  // Containers dispatched, each at its own time, in one statement.
  async dispatchMany(db: Database, leaving: readonly { id: number; at: Date }[]) {
    if (!leaving.length) return;
    const values = sql.join(
      leaving.map((entry) => sql`(${entry.id}::integer, ${entry.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    // The ids again as a list: the planner then reads them by the key instead of joining the
    // values with every container.
    await db.execute(sql`update ${containers} set dispatched_at = v.at, updated_at = now()
      from (values ${values}) as v(id, at)
      where ${containers.id} = v.id and ${inArray(
        containers.id,
        leaving.map((entry) => entry.id),
      )}`);
  },

  async setMovementAlert(db: Database, ids: number[], movementAlert: boolean) {
    return db
      .update(containers)
      .set({ movementAlert, updatedAt: sql`now()` })
      .where(and(inArray(containers.id, ids), notVoided))
      .returning({ id: containers.id });
  },

  // A delete keeps the record: who voided it and when (the container left the yard before).
  async markVoided(db: Database, id: number, voidedBy: string) {
    await db
      .update(containers)
      .set({ voidedAt: sql`now()`, voidedBy, updatedAt: sql`now()` })
      .where(eq(containers.id, id));
  },

  async deletePositions(db: Database, containerIds: number[]) {
    if (containerIds.length)
      await db.delete(containerPositions).where(inArray(containerPositions.containerId, containerIds));
  },

  async insertPositions(db: Database, rows: PositionRow[]) {
    if (rows.length) await db.insert(containerPositions).values(rows);
  },

  async insertMovements(db: Database, rows: NewMovementRow[]) {
    if (rows.length) await db.insert(containerMovements).values(rows);
  },

  async markMoved(db: Database, ids: number[], movedBy: string | null) {
    if (ids.length)
      await db
        .update(containers)
        .set({ lastMovedAt: sql`now()`, locationUpdatedBy: movedBy, updatedAt: sql`now()` })
        .where(inArray(containers.id, ids));
  },

  movements: (db: Database, containerIds: number[]) =>
    containerIds.length
      ? db
          .select()
          .from(containerMovements)
          .where(inArray(containerMovements.containerId, containerIds))
          .orderBy(desc(containerMovements.movedAt), desc(containerMovements.id))
      : Promise.resolve([] as MovementRow[]),

  // The active containers (in the yard, not dispatched or voided) with these numbers or RFID tags:
  // the gate refuses a number already in the yard and a tag bound to another container.
  // A plan's reservations (planned rows) are not in the yard: `planned` asks for them instead.
  async activeByNumbersOrTags(db: Database, numbers: string[], tags: string[], planned = false) {
    if (!numbers.length && !tags.length) return [];
    return db
      .select({
        id: containers.id,
        containerNumber: containers.containerNumber,
        rfidTagId: containers.rfidTagId,
        gateInAt: containers.gateInAt,
        sizeId: containers.sizeId,
      })
      .from(containers)
      .where(
        and(
          isNull(containers.dispatchedAt),
          planned ? sql`${containers.planned}` : not(containers.planned),
          notVoided,
          or(
            numbers.length ? inArray(containers.containerNumber, numbers) : sql`false`,
            tags.length ? inArray(containers.rfidTagId, tags) : sql`false`,
          ),
        ),
      );
  },

  async idsByNumber(db: Database, number: string) {
    const rows = await db.select({ id: containers.id }).from(containers).where(eq(containers.containerNumber, number));
    return rows.map((row) => row.id);
  },

  // The archive (docs/archive.md): a visit an archive run moved out of the current tables, by its id
  // or its number (the latest visit), with its details as for a current one.
  async archivedLookup(db: Database, key: string): Promise<ContainerDetailsRow | undefined> {
    const [found] = await joinDetails(
      db
        .select({ ...details, container: archivedContainers })
        .from(archivedContainers)
        .$dynamic(),
      archivedContainers,
    )
      .where(
        /^\d+$/.test(key)
          ? eq(archivedContainers.id, Number(key))
          : eq(archivedContainers.containerNumber, normalizeContainerNumber(key)),
      )
      .orderBy(desc(archivedContainers.dispatchedAt), desc(archivedContainers.id))
      .limit(1);
    return found;
  },

  async archivedIds(db: Database, key: string) {
    const rows = await db
      .select({ id: archivedContainers.id })
      .from(archivedContainers)
      .where(
        /^\d+$/.test(key)
          ? eq(archivedContainers.id, Number(key))
          : eq(archivedContainers.containerNumber, normalizeContainerNumber(key)),
      );
    return rows.map((row) => row.id);
  },

  archivedMovements: (db: Database, containerIds: number[]) =>
    containerIds.length
      ? db
          .select()
          .from(archivedContainerMovements)
          .where(inArray(archivedContainerMovements.containerId, containerIds))
          .orderBy(desc(archivedContainerMovements.movedAt), desc(archivedContainerMovements.id))
      : Promise.resolve([] as MovementRow[]),
};
