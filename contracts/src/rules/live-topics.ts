import { isRole, type PermissionFlag, type Principal } from './permissions';

// Which permission a websocket topic needs; `gates` serves the gate and gate-reader screens.
const TOPIC_FLAGS: Record<string, PermissionFlag> = {
  gates: 'gateVisible',
  'device-logs': 'deviceLogsVisible',
  machines: 'machinesVisible',
  itvs: 'itvVisible',
  inventory: 'inventoryVisible',
};

export function liveTopicBase(topic: string): string {
  return topic.split(':', 1)[0]!;
}

export function mayWatchTopic(principal: Principal, topic: string): boolean {
  const flag = TOPIC_FLAGS[liveTopicBase(topic)];
  if (!flag) return false;
  return isRole(principal.role, 'superadmin') || principal.permissions[flag];
}
