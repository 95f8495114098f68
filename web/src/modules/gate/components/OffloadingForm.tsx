import { useCallback, useRef } from 'react';
import { Accordion, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useOffloadingActions } from '../hooks/useOffloadingActions';
import { ContainerFields } from './ContainerFields';
import { FormActions } from './FormActions';
import { GeneratedTasksPanel } from './GeneratedTasksPanel';
import { OutContainersFields } from './OutContainersFields';
import { TagField } from './TagField';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { TransactionStatusAlert } from './TransactionStatusAlert';

const SECTIONS = ['container1', 'container2', 'trailer', 'out', 'tasks'];

// Container offloading, single 20/40 ft or two 20 ft (spec 1 §2, §3 gate-in form): collapsible
// sections for each container, the trailer, out-containers and the generated tasks.
export function OffloadingForm({
  gateId,
  planning,
  readOnlyReason,
}: {
  gateId: number | null;
  planning: boolean;
  readOnlyReason: string | null;
}) {
  const firstField = useRef<HTMLInputElement>(null);
  const focusFirst = useCallback(() => firstField.current?.focus(), []);
  const { draft, setDraft, status, submit, reset, saving } = useOffloadingActions({ gateId, planning, focusFirst });
  const double = draft.mode === 'double';
  return (
    <form
      id={GATE_FORM_IDS.offloading}
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
        <Accordion multiple defaultValue={SECTIONS} variant="separated">
          <Accordion.Item value="container1">
            <Accordion.Control data-testid="gate-section-container1">First container</Accordion.Control>
            <Accordion.Panel>
              <ContainerFields
                ref={firstField}
                index={1}
                value={draft.container1}
                onChange={(container1) => setDraft({ ...draft, container1 })}
                twentyOnly={double}
              />
            </Accordion.Panel>
          </Accordion.Item>
          {double && (
            <Accordion.Item value="container2">
              <Accordion.Control data-testid="gate-section-container2">Second container</Accordion.Control>
              <Accordion.Panel>
                <ContainerFields
                  index={2}
                  value={draft.container2}
                  onChange={(container2) => setDraft({ ...draft, container2 })}
                  twentyOnly
                />
              </Accordion.Panel>
            </Accordion.Item>
          )}
          <Accordion.Item value="trailer">
            <Accordion.Control data-testid="gate-section-trailer">Trailer info</Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xs">
                <TagField
                  label="Trailer tag"
                  name="trailerTag1"
                  value={draft.trailerTag}
                  onChange={(trailerTag) => setDraft({ ...draft, trailerTag })}
                  testId="gate-tag-trailer"
                />
                <TextInput
                  label="Trailer number"
                  name="trailerNumber"
                  value={draft.trailerNumber}
                  maxLength={20}
                  onChange={(event) => setDraft({ ...draft, trailerNumber: event.currentTarget.value })}
                  data-testid="gate-trailer-number"
                  autoComplete="off"
                />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="out">
            <Accordion.Control data-testid="gate-section-out">Out-containers</Accordion.Control>
            <Accordion.Panel>
              <OutContainersFields
                value={draft.outContainers}
                onChange={(outContainers) => setDraft({ ...draft, outContainers })}
                planning={planning}
              />
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="tasks">
            <Accordion.Control data-testid="gate-section-tasks">Generated tasks</Accordion.Control>
            <Accordion.Panel>
              <GeneratedTasksPanel />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <TransactionStatusAlert status={status} testId="gate-in-status" />
        <FormActions submitLabel="Gate in" saving={saving} readOnlyReason={readOnlyReason} testId="gate-in" />
      </Stack>
    </form>
  );
}
