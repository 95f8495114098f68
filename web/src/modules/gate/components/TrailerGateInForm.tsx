import { useCallback, useRef } from 'react';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { TRAILER_CLASSES, TRAILER_GATE_IN_TYPES } from '@openyard/contracts';
import { useTrailerGateInActions } from '../hooks/useTrailerGateInActions';
import { FormActions } from './FormActions';
import { TagField } from './TagField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { TransactionStatusAlert } from './TransactionStatusAlert';

const none = { value: '', label: '—' };

// Trailer gate-in (spec 1 §3): purpose, Drop or Pickup, trailer tag (from the trailer reader) and
// number (from the PLA-card mapping), the containers it carries.
export function TrailerGateInForm({
  gateId,
  readOnlyReason,
}: {
  gateId: number | null;
  readOnlyReason: string | null;
}) {
  const firstField = useRef<HTMLSelectElement>(null);
  const focusFirst = useCallback(() => firstField.current?.focus(), []);
  const { draft, setDraft, status, submit, reset, saving } = useTrailerGateInActions({ gateId, focusFirst });
  return (
    <form
      id={GATE_FORM_IDS.trailer}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onReset={(event) => {
        event.preventDefault();
        reset();
      }}
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
          <NativeSelect
            ref={firstField}
            label="Gate-in type"
            name="gateInType"
            data={[none, ...TRAILER_GATE_IN_TYPES]}
            value={draft.gateInType}
            onChange={(event) => setDraft({ ...draft, gateInType: event.currentTarget.value })}
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
        </SimpleGrid>
        <TransactionStatusAlert status={status} testId="gate-trailer-status" />
        <FormActions
          submitLabel="Vehicle gate-in"
          saving={saving}
          readOnlyReason={readOnlyReason}
          testId="gate-trailer"
        />
      </Stack>
    </form>
  );
}
