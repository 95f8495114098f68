import { describe, expect, it } from 'vitest';
import { DEVICE_MESSAGES_PER_JOB, isJobName, jobPayloadProblem, jobRequest } from './jobs';

describe('job payloads (the job catalogue)', () => {
  const tag = {
    kind: 'readerTag',
    readerId: 4,
    topic: 'yard/readers/4/tag',
    payload: { messageId: 'm-1', timestamp: 1_700_000_000_000, tagId: 'E200341201' },
  };

  it('accepts the payload a producer builds', () => {
    expect(jobPayloadProblem('PurgeExports', {})).toBeNull();
    expect(
      jobPayloadProblem('OcrFrame', {
        gateId: 1,
        camera: 'Rear',
        messageId: 'a',
        timestamp: 0,
        image: 'frames/1/a.jpg',
      }),
    ).toBeNull();
    expect(
      jobPayloadProblem('DeviceMessages', {
        messages: [{ kind: 'rejected', deviceId: 'reader-4', topic: null, reason: 'bad JSON', messageId: null }],
      }),
    ).toBeNull();
    expect(
      jobRequest('OcrFrame', { gateId: 1, camera: 'Top', messageId: 'a', timestamp: 0, image: 'i' }, 'id'),
    ).toEqual({
      name: 'OcrFrame',
      data: { gateId: 1, camera: 'Top', messageId: 'a', timestamp: 0, image: 'i' },
      jobId: 'id',
    });
    expect(DEVICE_MESSAGES_PER_JOB).toBe(500);
  });

  it('says which job and which field a payload gets wrong', () => {
    expect(
      jobPayloadProblem('OcrFrame', { gateId: 1, camera: 'Roof', messageId: 'a', timestamp: 0, image: 'i' }),
    ).toMatch(/^Job OcrFrame: the payload does not match its schema \(\/camera /);
    expect(jobPayloadProblem('DeviceMessages', { messages: [{ ...tag, readerId: -1 }] })).toMatch(
      /^Job DeviceMessages: .*\/messages\/0/,
    );
    expect(jobPayloadProblem('HealthAgeing', null)).toMatch(/^Job HealthAgeing: /);
    expect(isJobName('OcrFrame')).toBe(true);
    expect(isJobName('toString')).toBe(false);
  });
});
