import type { RouteOutput, Routes } from '@openyard/contracts';

// The master-data lists a screen reads whole (every route of the group without a required input).
export type MasterListName = Exclude<keyof Routes['masterData'], 'activities'>;

// What a list answers: named items, sizes, customers, ...
export type MasterList<N extends MasterListName> = RouteOutput<Routes['masterData'][N]>;
