import { useCallback, useEffect, useRef } from 'react';
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { EXIT_PROCESSES } from '@openyard/contracts';
import { useMasterList } from '../../containers/hooks/useMasterList';
import { useDispatchActions } from '../hooks/useDispatchActions';
import { FormActions } from './FormActions';
import { TagField } from './TagField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { TransactionStatusAlert } from './TransactionStatusAlert';

const none = { value: '', label: '—' };

// Dispatch, or out for scanning (spec 1 §3 Dispatch): the container, its exit tags (from the exit
// readers), the trailer and the dispatch time (now unless the clerk changes it).
export function DispatchForm({
  gateId,
  scanning,
  readOnlyReason,
}: {
  gateId: number | null;
  scanning: boolean;
  readOnlyReason: string | null;
}) {
  const firstField = useRef<HTMLInputElement>(null);
  const focusFirst = useCallback(() => firstField.current?.focus(), []);
  const { draft, setDraft, status, submit, reset, fresh, saving } = useDispatchActions({
    gateId,
    scanning,
    focusFirst,
  });
  const sizes = useMasterList('containerSizes').data ?? [];
  const prefix = scanning ? 'gate-scanning' : 'gate-dispatch';

  // The dispatch time starts at now.
  useEffect(() => {
    setDraft((current) => (current.dispatchTime ? current : { ...current, dispatchTime: fresh().dispatchTime }));
  }, [setDraft, fresh]);

  return (
    <form
      id={scanning ? GATE_FORM_IDS.scanning : GATE_FORM_IDS.dispatch}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onReset={(event) => {
        event.preventDefault();
        reset();
      }}
    >
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
          <TextInput
            ref={firstField}
            label="Container number"
            name="containerNumber"
            maxLength={11}
            value={draft.containerNumber}
            onChange={(event) => setDraft({ ...draft, containerNumber: event.currentTarget.value })}
            data-testid={`${prefix}-containerNumber`}
            autoComplete="off"
          />
          <NativeSelect
            label="Size"
            name="containerSize"
            data={[none, ...sizes.map((size) => size.name)]}
            value={draft.containerSize}
            onChange={(event) => setDraft({ ...draft, containerSize: event.currentTarget.value })}
          />
          {!scanning && (
            <NativeSelect
              label="Exit process"
              name="exitProcess"
              data={[none, ...EXIT_PROCESSES.filter((process) => process !== 'Scanning')]}
              value={draft.exitProcess}
              onChange={(event) => setDraft({ ...draft, exitProcess: event.currentTarget.value })}
              data-testid={`${prefix}-exitProcess`}
            />
          )}
          <TagField
            label="Exit tag"
            name="exitTag"
            value={draft.exitTag}
            onChange={(exitTag) => setDraft({ ...draft, exitTag })}
            testId={scanning ? 'gate-tag-scanning-exit' : 'gate-tag-exit'}
          />
          <TagField
            label="Exit trailer tag"
            name="exitTrailerTag"
            value={draft.exitTrailerTag}
            onChange={(exitTrailerTag) => setDraft({ ...draft, exitTrailerTag })}
            testId={scanning ? 'gate-tag-scanning-exit-trailer' : 'gate-tag-exit-trailer'}
          />
          <TextInput
            label="Trailer number"
            name="trailerNumber"
            maxLength={20}
            value={draft.trailerNumber}
            onChange={(event) => setDraft({ ...draft, trailerNumber: event.currentTarget.value })}
            data-testid={`${prefix}-trailerNumber`}
            autoComplete="off"
          />
          {!scanning && (
            <TextInput
              type="datetime-local"
              label="Dispatch time"
              name="dispatchTime"
              value={draft.dispatchTime}
              onChange={(event) => setDraft({ ...draft, dispatchTime: event.currentTarget.value })}
              data-testid={`${prefix}-dispatchTime`}
            />
          )}
        </SimpleGrid>
        <TransactionStatusAlert status={status} testId={`${prefix}-status`} />
        <FormActions
          submitLabel={scanning ? 'Out for scanning' : 'Dispatch'}
          saving={saving}
          readOnlyReason={readOnlyReason}
          testId={prefix}
        />
      </Stack>
    </form>
  );
}
