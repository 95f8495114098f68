// The kiosk and mobile pages' queries (issue 21). The yard map is the containers' own query
// (useYardMap), asked with the page's medium.
export const kioskQueryKeys = {
  all: ['kiosk'] as const,
  status: (igmNumber: string, itemNumber: string) => ['kiosk', 'status', igmNumber, itemNumber] as const,
  taskChoices: ['kiosk', 'task-choices'] as const,
  track: (token: string) => ['kiosk', 'track', token] as const,
};
