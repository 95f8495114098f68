import { describe, expect, it } from 'vitest';
import type { GateInForm } from '../gate-operations';
import { messages } from '../messages';
import { dispatchProblem, gateInFormProblem, retagProblem, trailerGateInProblem } from './gate-forms';

const container = (number: string, tagId: string) => ({
  containerNumber: number,
  tagId,
  gateInPurpose: 'Import',
  containerSize: '20',
});
const single = (overrides: Partial<GateInForm> = {}): GateInForm => ({
  requestId: 'request-1',
  mode: 'single',
  container1Data: container('MSCU1234565', '12345678'),
  trailerNumber: 'MH04AB1234',
  ...overrides,
});
const double = (overrides: Partial<GateInForm> = {}) =>
  single({ mode: 'double', container2Data: container('MSCU7654321', '87654321'), ...overrides });

describe('gateInFormProblem (spec 1 §5)', () => {
  it('passes a complete single and double form', () => {
    expect(gateInFormProblem(single())).toBeNull();
    expect(gateInFormProblem(double())).toBeNull();
  });

  it('names the first rule broken, on its field', () => {
    expect(gateInFormProblem(single({ container1Data: {} }))).toEqual({
      message: messages.gateInInsufficientData,
      field: 'container1Data',
    });
    expect(
      gateInFormProblem(double({ container2Data: { ...container('MSCU7654321', '87654321'), gateInPurpose: '' } })),
    ).toEqual({ message: messages.gateInPurposeRequiredSecond, field: 'container2Data.gateInPurpose' });
    expect(gateInFormProblem(single({ container1Data: container('MSCU123', '12345678') }))?.message).toBe(
      messages.gateFirstNumberInvalid,
    );
    expect(gateInFormProblem(single({ container1Data: container('MSCU1234565', '1234') }))?.message).toBe(
      messages.gateFirstTagInvalid,
    );
  });

  it('refuses equal numbers and equal tags, but not a special tag twice', () => {
    expect(gateInFormProblem(double({ container2Data: container('MSCU1234565', '87654321') }))?.message).toBe(
      messages.gateSameNumbers,
    );
    expect(gateInFormProblem(double({ container2Data: container('MSCU7654321', '12345678') }))?.message).toBe(
      messages.gateSameTags,
    );
    expect(
      gateInFormProblem(
        double({
          container1Data: container('MSCU1234565', 'Tank Tag'),
          container2Data: container('MSCU7654321', 'Tank Tag'),
        }),
      ),
    ).toBeNull();
  });

  it('keeps export-out tasks to the task-type rules (spec 3 §5)', () => {
    const out = { gateOutWithExportContainer: true, outContainers: ['TGHU1234560'] };
    expect(gateInFormProblem(single(out))?.message).toBe(messages.gateExportTaskIncomplete);
    const task = { containerNumber: 'TGHU1234560', taskType: 'Empty Loading', deliveryMode: 'Empty Out' };
    expect(gateInFormProblem(single({ ...out, gateInTasks: [task] }))).toBeNull();
    expect(gateInFormProblem(single({ ...out, gateInTasks: [{ ...task, deliveryMode: 'Export Out' }] }))?.message).toBe(
      messages.gateTaskTypeRule('Empty Loading'),
    );
    expect(gateInFormProblem(single({ ...out, gateInTasks: [{ ...task, taskType: 'Grounding' }] }))?.message).toBe(
      messages.gateExportTaskType('Grounding'),
    );
  });
});

describe('the other gate forms', () => {
  it('trailer gate-in: purpose, trailer number, trailer tag of 8 characters', () => {
    const form = {
      requestId: 'request-1',
      trailerNumber: 'MH04',
      trailerTag: 'AB123456',
      gateInType: 'Empty Delivery',
    };
    expect(trailerGateInProblem(form)).toBeNull();
    expect(trailerGateInProblem({ ...form, gateInType: 'Import ' })).toBeNull();
    expect(trailerGateInProblem({ ...form, gateInType: undefined })?.message).toBe(messages.vehiclePurposeRequired);
    expect(trailerGateInProblem({ ...form, trailerTag: 'AB12' })?.message).toBe(messages.trailerTagLength);
  });

  it('retag and dispatch', () => {
    expect(retagProblem({ containerNumber: 'MSCU1234565', newTag: '12345678' })).toBeNull();
    expect(retagProblem({ containerNumber: 'MSCU1234565', newTag: 'DummyTag' })).toBeNull();
    expect(retagProblem({ containerNumber: 'MSCU1234565', newTag: '123456789' })?.message).toBe(
      messages.retagNewTagLength,
    );
    expect(dispatchProblem({ containerNumber: 'MSCU1234565', dispatchTime: 0 })).toBeNull();
    expect(dispatchProblem({ containerNumber: 'MSCU1234565' })?.message).toBe(messages.dispatchTimeRequired);
  });
});
