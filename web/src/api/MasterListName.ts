import type { RouteOutput, Routes } from '@openyard/contracts';

type MasterData = Routes['masterData'];

// The master-data lists a screen reads whole: every GET of the group without a required input
// (the maintenance calls write; activities are read per group).
export type MasterListName = Exclude<
  { [K in keyof MasterData]: MasterData[K]['method'] extends 'GET' ? K : never }[keyof MasterData],
  'activities'
>;

// What a list answers: named items, sizes, customers, ...
export type MasterList<N extends MasterListName> = RouteOutput<MasterData[N]>;
