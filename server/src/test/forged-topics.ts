import { deviceAckTopic, topics } from '@openyard/contracts';

// Topics that reader 1 may not publish on, whichever broker is in front (aedes embedded, Mosquitto
// with the generated ACL): other readers' topics, a look-alike of its own prefix, a machine's inbox,
// and its own acks, which come from the pipeline alone (a forged one would make it forget unstored
// messages).
export const READER_1_FORGED_TOPICS = [
  topics.readerTag(2),
  topics.readerTag(10),
  'yard/reader/1x/tag',
  topics.machineTasks(7),
  deviceAckTopic('reader', 1),
];
