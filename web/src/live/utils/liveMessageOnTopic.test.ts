import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '@openyard/contracts';
import { liveMessageOnTopic } from './liveMessageOnTopic';

const message = (type: string, topic: string) =>
  ({ type, topic, eventId: 'e', at: 1, data: {} }) as unknown as LiveMessage;

describe('the messages a topic hands its handlers', () => {
  it('are those its metadata puts on it, mirrors included', () => {
    expect(liveMessageOnTopic('containers')(message('inventory.slot.v1', 'containers'))).toBe(true);
    expect(liveMessageOnTopic('inventory:C')(message('inventory.layout.v1', 'inventory:C'))).toBe(true);
    expect(liveMessageOnTopic('ocr:3')(message('ocr.count.v1', 'ocr:3'))).toBe(true);
    expect(liveMessageOnTopic('gates')(message('inventory.slot.v1', 'gates'))).toBe(false);
  });

  it('never include a type this web app does not know (a newer server)', () => {
    expect(liveMessageOnTopic('gates')(message('gate.opened.v2', 'gates'))).toBe(false);
    expect(liveMessageOnTopic('gates')(message('constructor', 'gates'))).toBe(false);
  });
});
