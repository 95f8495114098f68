import { LIVE_MESSAGE_META, parseLiveTopic, type LiveMessage, type LiveTopicMessage } from '@openyard/contracts';

// A check of the messages a topic carries (its metadata's topic or mirror): a handler of a topic is
// typed for that topic's messages only, and this makes it so at run time too (a type from a newer
// server, or of another topic, never reaches it). Made once per subscription: the inventory topic
// carries hundreds of messages a second.
export function liveMessageOnTopic<T extends string>(
  topic: T,
): (message: LiveMessage) => message is LiveTopicMessage<T> {
  const base = parseLiveTopic(topic)?.base;
  return (message): message is LiveTopicMessage<T> => {
    if (base === undefined || !Object.hasOwn(LIVE_MESSAGE_META, message.type)) return false;
    const meta = LIVE_MESSAGE_META[message.type] as { topic: string; mirror?: string };
    return meta.topic === base || meta.mirror === base;
  };
}
