// The yard's ERP as the gate sees it (spec 1 §4 Dispatch): before a container leaves, the gate asks
// whether the ERP still knows it; if it does, the clerk confirms and the dispatch is forced. The
// ERP issue plugs its client in here; until then no ERP knows any container. Pre-advices the ERP
// supplies do not come through this port: its adapter hands them to the pre-advices service's
// `receive(entries, 'erp', by)` (server/src/modules/pre-advices), the path a sheet upload takes.
export interface Erp {
  findContainer(containerNumber: string): Promise<{ found: boolean }>;
}

export const noErp: Erp = {
  findContainer: async () => ({ found: false }),
};
