import { describe, expect, it } from 'vitest';
import { emptyOffloading } from './gateDrafts';
import { gateInResetsItself } from './gateInResetsItself';
import { hasUnsavedOffloading } from './hasUnsavedOffloading';
import { newRequestId } from './newRequestId';
import { placeContainerTag } from './placeContainerTag';
import { tagTargetOf } from './tagTargetOf';

describe('tagTargetOf', () => {
  it('routes a read by reader type and gate type', () => {
    expect(tagTargetOf('GATEIN', 'IN')).toBe('container');
    expect(tagTargetOf('GATEIN', 'OUT')).toBe('exit');
    expect(tagTargetOf('gateout', 'IN')).toBe('exit');
    expect(tagTargetOf('TRAILER', 'IN')).toBe('trailer');
    expect(tagTargetOf('TRAILER', 'OUT')).toBe('exitTrailer');
    expect(tagTargetOf('OTHER', 'IN')).toBeNull();
  });
});

describe('placeContainerTag', () => {
  it('fills the first empty tag, the second only in a double gate-in, and replaces the first when full', () => {
    const single = placeContainerTag(emptyOffloading('single'), '10000001');
    expect(single.container1.tagId).toBe('10000001');
    expect(placeContainerTag(single, '10000002').container1.tagId).toBe('10000002');
    const double = placeContainerTag(placeContainerTag(emptyOffloading('double'), '10000001'), '10000002');
    expect([double.container1.tagId, double.container2.tagId]).toEqual(['10000001', '10000002']);
    expect(placeContainerTag(double, '10000002')).toBe(double);
    expect(placeContainerTag(double, '10000003').container1.tagId).toBe('10000003');
  });
});

describe('gate-in reset rule (spec 1 §4)', () => {
  it('clears itself unless tasks were generated or planning is on', () => {
    expect(gateInResetsItself({ tasks: [] }, false)).toBe(true);
    expect(gateInResetsItself({ tasks: [] }, true)).toBe(false);
    const task = {
      taskId: 1,
      containerNumber: 'MSCU1234565',
      taskType: 'Export Loading',
      deliveryMode: 'Export Out',
      fromLocation: null,
      toLocation: 'Trailer',
      toLocationDetails: null,
      assignedToMachine: 'ALL',
      generationDate: 0,
    };
    expect(gateInResetsItself({ tasks: [task] }, false)).toBe(false);
  });

  it('counts any typed or read value as unsaved', () => {
    expect(hasUnsavedOffloading(emptyOffloading('single'))).toBe(false);
    expect(hasUnsavedOffloading(placeContainerTag(emptyOffloading('single'), '10000001'))).toBe(true);
    expect(hasUnsavedOffloading({ ...emptyOffloading('single'), trailerNumber: 'X' })).toBe(true);
  });

  it('makes request ids the contract accepts, a new one each time', () => {
    const id = newRequestId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestId()).not.toBe(id);
  });
});
