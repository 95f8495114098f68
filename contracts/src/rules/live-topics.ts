import { hasRole, type PermissionFlag, type Principal } from './permissions';

// Which permission a websocket topic needs; `gates` serves the gate and gate-reader screens.
const TOPIC_FLAGS: Record<string, PermissionFlag> = {
  gates: 'gateVisible',
  'device-logs': 'deviceLogsVisible',
  machines: 'machinesVisible',
  itvs: 'itvVisible',
  inventory: 'inventoryVisible',
  containers: 'containersVisible',
  // `ocr:{gateId}`: the smart gate screens' OCR queue of one gate.
  ocr: 'gateVisible',
};

export function liveTopicBase(topic: string): string {
  return topic.split(':', 1)[0]!;
}

export function mayWatchTopic(principal: Principal, topic: string): boolean {
  const flag = TOPIC_FLAGS[liveTopicBase(topic)];
  if (!flag) return false;
  // The OCR queue is per gate: only `ocr:<gate id>` is a topic.
  if (liveTopicBase(topic) === 'ocr' && !/^ocr:[1-9]\d{0,9}$/.test(topic)) return false;
  return hasRole(principal, 'superadmin') || principal.permissions[flag];
}
