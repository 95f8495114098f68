export const chaQueryKeys = {
  all: ['cha'] as const,
  agents: (query: string) => ['cha', 'agents', query] as const,
  allocationAll: ['cha', 'allocation'] as const,
  allocation: (agentId: number) => ['cha', 'allocation', agentId] as const,
  deliveryTypes: ['cha', 'delivery-types'] as const,
  equipments: ['cha', 'equipments'] as const,
};
