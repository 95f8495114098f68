// The kiosk and mobile pages' queries (issue 21). The yard map is the containers' own query
// (useYardMap), asked with the page's medium.
export const kioskQueryKeys = {
  all: ['kiosk'] as const,
  status: (igmNumber: string, itemNumber: string) => ['kiosk', 'status', igmNumber, itemNumber] as const,
  taskChoices: ['kiosk', 'task-choices'] as const,
  track: (token: string) => ['kiosk', 'track', token] as const,
  // A visit's status link as staff issue it (the gate slip, the containers screen); outside the gate's
  // root: a gate-in's reload has no reason to ask for the slip's links again.
  statusLink: (containerId: number) => ['status-links', containerId] as const,
};
