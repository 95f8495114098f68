import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { Survey } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import {
  containerProcesses,
  containers,
  containerSizes,
  containerTypes,
  customers,
  linerInfos,
  linerPrefixes,
  ownerPrefix,
} from '../../db/schema';
import { visitsOf } from '../inventory';

// Surveys are a view over the containers table: one row per visit of a container (gate-in to
// dispatch), voided records left out. Its gate-in and gate-out are the container's own, so there
// is nothing to fill at the gate and nothing that can drift from the yard's record. A read that
// reaches the archive (readsArchive) reads the current and the archived visits as one (visitsOf):
// a survey's id is its visit's, which an archive run keeps.

const columns = {
  id: containers.id,
  containerNumber: containers.containerNumber,
  size: containerSizes.name,
  containerType: containerTypes.name,
  process: containerProcesses.name,
  customer: customers.name,
  liner: linerInfos.name,
  igm: containers.igm,
  item: containers.item,
  gateInAt: containers.gateInAt,
  dispatchedAt: containers.dispatchedAt,
};

export const toSurvey = (row: {
  id: number;
  containerNumber: string;
  size: string;
  containerType: string | null;
  process: string | null;
  customer: string | null;
  liner: string | null;
  igm: string | null;
  item: string | null;
  gateInAt: Date;
  dispatchedAt: Date | null;
}): Survey => ({
  id: row.id,
  containerNumber: row.containerNumber,
  size: row.size,
  containerType: row.containerType,
  process: row.process,
  customer: row.customer,
  liner: row.liner,
  igm: row.igm,
  item: row.item,
  gateInDate: row.gateInAt.getTime(),
  gateOutDate: row.dispatchedAt?.getTime() ?? null,
});

const surveys = (db: Database, withArchive: boolean, where: SQL | undefined) =>
  visitsOf(db, withArchive)
    .select(columns)
    .from(containers)
    .innerJoin(containerSizes, eq(containerSizes.id, containers.sizeId))
    .leftJoin(containerTypes, eq(containerTypes.id, containers.typeId))
    .leftJoin(containerProcesses, eq(containerProcesses.id, containers.processId))
    .leftJoin(customers, eq(customers.id, containers.customerId))
    .leftJoin(linerPrefixes, eq(linerPrefixes.prefix, ownerPrefix(containers.containerNumber)))
    .leftJoin(linerInfos, eq(linerInfos.id, linerPrefixes.linerId))
    .where(and(isNull(containers.voidedAt), where));

export interface Range {
  from: number;
  to: number;
}

export const surveysRepository = {
  // The visits of one container number, latest first, narrowed to a gate-in and a gate-out range.
  ofContainer: (
    db: Database,
    containerNumber: string,
    gateIn: Range | undefined,
    gateOut: Range | undefined,
    withArchive: boolean,
  ) =>
    surveys(
      db,
      withArchive,
      and(
        eq(containers.containerNumber, containerNumber),
        gateIn ? gte(containers.gateInAt, new Date(gateIn.from)) : undefined,
        gateIn ? lte(containers.gateInAt, new Date(gateIn.to)) : undefined,
        gateOut ? gte(containers.dispatchedAt, new Date(gateOut.from)) : undefined,
        gateOut ? lte(containers.dispatchedAt, new Date(gateOut.to)) : undefined,
      ),
    ).orderBy(desc(containers.gateInAt), desc(containers.id)),

  byIds: (db: Database, ids: readonly number[], withArchive: boolean) =>
    surveys(db, withArchive, inArray(containers.id, [...ids])).orderBy(
      asc(containers.containerNumber),
      asc(containers.gateInAt),
    ),
};
