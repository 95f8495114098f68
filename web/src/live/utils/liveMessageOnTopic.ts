import { LIVE_MESSAGE_META, parseLiveTopic, type LiveMessage, type LiveTopicMessage } from '@openyard/contracts';

// Whether a message is one the topic carries (its metadata's topic or mirror): a handler of a topic
// is typed for that topic's messages only, and this makes it so at run time too (a type from a
// newer server, or of another topic, never reaches it).
export function liveMessageOnTopic<T extends string>(topic: T, message: LiveMessage): message is LiveTopicMessage<T> {
  const meta = Object.hasOwn(LIVE_MESSAGE_META, message.type)
    ? (LIVE_MESSAGE_META[message.type] as { topic: string; mirror?: string })
    : undefined;
  const base = parseLiveTopic(topic)?.base;
  return meta !== undefined && base !== undefined && (meta.topic === base || meta.mirror === base);
}
