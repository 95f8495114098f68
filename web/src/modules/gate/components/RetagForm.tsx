import { useCallback, useRef } from 'react';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useRetagActions } from '../hooks/useRetagActions';
import { FormActions } from './FormActions';
import { TagField } from './TagField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { TransactionStatusAlert } from './TransactionStatusAlert';

// Retag (spec 1 §3): container number, its existing tag (looked up), the new tag (typed, or read
// by the container reader while this tab is open).
export function RetagForm({ gateId, readOnlyReason }: { gateId: number | null; readOnlyReason: string | null }) {
  const firstField = useRef<HTMLInputElement>(null);
  const focusFirst = useCallback(() => firstField.current?.focus(), []);
  const { draft, setDraft, status, submit, reset, lookUpOldTag, saving } = useRetagActions({ focusFirst, gateId });
  return (
    <form
      id={GATE_FORM_IDS.retag}
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
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <TextInput
            ref={firstField}
            label="Container number"
            name="containerNumber"
            maxLength={11}
            value={draft.containerNumber}
            onChange={(event) => setDraft({ ...draft, containerNumber: event.currentTarget.value })}
            onBlur={() => void lookUpOldTag()}
            data-testid="gate-retag-containerNumber"
            autoComplete="off"
          />
          <TextInput
            label="Existing tag"
            name="oldTag"
            value={draft.oldTag}
            onChange={(event) => setDraft({ ...draft, oldTag: event.currentTarget.value })}
            data-testid="gate-retag-oldTag"
            autoComplete="off"
          />
          <TagField
            label="New tag"
            name="newTag"
            value={draft.newTag}
            onChange={(newTag) => setDraft({ ...draft, newTag })}
            testId="gate-tag-retag-new"
            checkContainerTag={{ containerNumber: draft.containerNumber }}
          />
        </SimpleGrid>
        <TransactionStatusAlert status={status} testId="gate-retag-status" />
        <FormActions submitLabel="Retag" saving={saving} readOnlyReason={readOnlyReason} testId="gate-retag" />
      </Stack>
    </form>
  );
}
