import { useCallback, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { TRAILER_CLASSES, TRAILER_GATE_IN_TYPES } from '@openyard/contracts';
import { useGateChaAgents, useGateVehicleDetail } from '../hooks/useGateCha';
import { useTrailerGateInActions } from '../hooks/useTrailerGateInActions';
import { GateTransactionForm } from './GateTransactionForm';
import { TagField } from './TagField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { trailerDraftState } from '../states/trailerDraftState';

const none = { value: '', label: '—' };

// Trailer gate-in (spec 1 §3): purpose, Drop or Pickup, trailer tag (from the trailer reader) and
// number (from the PLA-card mapping), the containers it carries; with CHA vehicles on, the agent
// whose allocation for the gate-in type the truck counts against, with its counts so far.
export function TrailerGateInForm({
  gateId,
  readOnlyReason,
  chaEnabled,
}: {
  gateId: number | null;
  readOnlyReason: string | null;
  chaEnabled: boolean;
}) {
  const firstField = useRef<HTMLSelectElement>(null);
  const focusFirst = useCallback(() => firstField.current?.focus(), []);
  // The lookups follow the form's draft (shared with the trailer reader and the type switch).
  const { gateInType, chaId } = useAtomValue(trailerDraftState);
  const chaAgents = useGateChaAgents(gateInType, chaEnabled);
  const detail = useGateVehicleDetail(chaId ? Number(chaId) : null, gateInType, chaEnabled);
  const vehicle = detail.data;
  const { draft, setDraft, status, submit, reset, saving } = useTrailerGateInActions({
    gateId,
    focusFirst,
    vehicleDetailId: vehicle?.id ?? null,
  });
  return (
    <GateTransactionForm
      id={GATE_FORM_IDS.trailer}
      onSubmit={() => submit()}
      onReset={reset}
      status={status}
      submitLabel="Vehicle gate-in"
      saving={saving}
      readOnlyReason={readOnlyReason}
      testId="gate-trailer"
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
        <NativeSelect
          ref={firstField}
          label="Gate-in type"
          name="gateInType"
          data={[none, ...TRAILER_GATE_IN_TYPES]}
          value={draft.gateInType}
          onChange={(event) => setDraft({ ...draft, gateInType: event.currentTarget.value, chaId: '' })}
          data-testid="gate-trailer-gateInType"
        />
        <NativeSelect
          label="Drop / Pickup"
          name="trailerType"
          data={[none, ...TRAILER_CLASSES]}
          value={draft.trailerType}
          onChange={(event) => setDraft({ ...draft, trailerType: event.currentTarget.value })}
          data-testid="gate-trailer-trailerType"
        />
        <TagField
          label="Trailer tag"
          name="trailerTag"
          value={draft.trailerTag}
          onChange={(trailerTag) => setDraft({ ...draft, trailerTag })}
          testId="gate-tag-vehicle-trailer"
        />
        <TextInput
          label="Trailer number"
          name="trailerNumber"
          value={draft.trailerNumber}
          maxLength={20}
          onChange={(event) => setDraft({ ...draft, trailerNumber: event.currentTarget.value })}
          data-testid="gate-trailer-trailerNumber"
          autoComplete="off"
        />
        <TextInput
          label="Container numbers"
          name="containerNumbers"
          placeholder="up to two, separated by a space"
          value={draft.containerNumbers}
          onChange={(event) => setDraft({ ...draft, containerNumbers: event.currentTarget.value })}
          data-testid="gate-trailer-containerNumbers"
          autoComplete="off"
        />
        {chaEnabled && (
          <NativeSelect
            label="CHA"
            name="chaId"
            data={[
              { value: '', label: draft.gateInType ? '— none —' : 'Choose the gate-in type first' },
              ...(chaAgents.data ?? []).map((agent) => ({ value: String(agent.id), label: agent.name })),
            ]}
            value={draft.chaId}
            disabled={!draft.gateInType}
            onChange={(event) => setDraft({ ...draft, chaId: event.currentTarget.value })}
            description={
              vehicle && draft.chaId ? (
                <Text
                  span
                  size="xs"
                  c={vehicle.gatedInCount >= vehicle.allowedCount ? 'red' : 'dimmed'}
                  data-testid="gate-trailer-cha-count"
                >
                  {vehicle.gatedInCount} of {vehicle.allowedCount} vehicles gated in
                </Text>
              ) : undefined
            }
            data-testid="gate-trailer-chaId"
          />
        )}
      </SimpleGrid>
    </GateTransactionForm>
  );
}
