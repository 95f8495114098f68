import { useState } from 'react';
import { Autocomplete, Button, Group, Select, SimpleGrid, Stack, Tabs, TextInput } from '@mantine/core';
import { IconContainer, IconListNumbers, IconSearch } from '@tabler/icons-react';
import {
  igmQueryProblem,
  itvTaskProblem,
  routes,
  type InventoryContainer,
  type ItvTask,
  type ItvTaskInput,
  type ItvTaskSaved,
} from '@openyard/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { AppModal } from '../../../ui/AppModal';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormFrame } from '../../../ui/FormFrame';
import { useContainerSuggestions } from '../hooks/useContainerSuggestions';
import { useDuplicateItvTask } from '../hooks/useDuplicateTask';
import { useIgmContainers } from '../hooks/useIgmContainers';
import { useItvTaskTypes } from '../hooks/useItvTaskTypes';
import { useItvTrailers } from '../hooks/useItvTrailers';
import { useMayCall } from '../hooks/useMayCall';
import { useTaskChoices } from '../hooks/useTaskChoices';
import { draftOfItvTask, emptyItvTaskDraft, itvTaskInputOf, type ItvTaskDraft } from '../utils/ItvTaskDraft';

type ContainerTab = 'container' | 'igm';

// The ITV task create/edit modal (spec 3 §2: add has tabs Container and IGM:Item): the container
// by its number or from an IGM item, the ITV's trailer, type, from and to; the ITV rule and the
// ITV duplicate message of spec 3 §5.
export function ItvTaskFormModal({
  task,
  save,
  onClose,
}: {
  task: ItvTask | null;
  save: UseMutationResult<ItvTaskSaved, Error, ItvTaskInput>;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<ItvTaskDraft>(task ? draftOfItvTask(task) : emptyItvTaskDraft());
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<ContainerTab>('container');
  const [igmQuery, setIgmQuery] = useState('');
  const [igmSearched, setIgmSearched] = useState<string | null>(null);
  const types = useItvTaskTypes().data ?? [];
  const { locations } = useTaskChoices();
  const suggestions = useContainerSuggestions(tab === 'container' ? draft.containerNumber : '').data ?? [];
  const mayLookUpIgm = useMayCall(routes.inventory.igmContainers.access);
  const itvs = useItvTrailers();
  const igmContainers = useIgmContainers(igmSearched);
  const duplicate = useDuplicateItvTask(draft);
  const change = (next: Partial<ItvTaskDraft>) => {
    setDraft({ ...draft, ...next });
    setError(null);
  };
  const fromContainer = (container: Pick<InventoryContainer, 'containerId' | 'number' | 'sizeName' | 'location'>) =>
    change({
      ctrId: container.containerId,
      containerNumber: container.number,
      size: container.sizeName,
      fromLocation: draft.fromLocation || (container.location ?? ''),
    });
  const submit = () => {
    const problem = itvTaskProblem(draft) ?? duplicate;
    if (problem) return setError(problem);
    save.mutate(itvTaskInputOf(draft), { onSuccess: onClose, onError: (refusal) => setError(errorMessageOf(refusal)) });
  };

  return (
    <AppModal
      opened
      onClose={onClose}
      title={task ? `Edit ITV task of ${task.containerNumber}` : 'Add ITV task'}
      size="lg"
      centered
    >
      <FormFrame
        onSubmit={submit}
        onCancel={onClose}
        saving={save.isPending}
        error={error ?? duplicate}
        submitDisabled={itvTaskProblem(draft) !== null || duplicate !== null}
        testId="itv-task-form"
      >
        <Stack gap="xs">
          {!task && (
            <Tabs value={tab} onChange={(value) => setTab(value === 'igm' ? 'igm' : 'container')}>
              <Tabs.List>
                <Tabs.Tab value="container" leftSection={<IconContainer size={14} />}>
                  Container
                </Tabs.Tab>
                <Tabs.Tab
                  value="igm"
                  leftSection={<IconListNumbers size={14} />}
                  disabled={!mayLookUpIgm}
                  data-testid="itv-task-tab-igm"
                >
                  IGM:Item
                </Tabs.Tab>
              </Tabs.List>
            </Tabs>
          )}
          {tab === 'igm' && !task ? (
            <Group gap="xs" align="flex-end">
              <TextInput
                label="IGM:Item"
                placeholder="IGM123:4"
                value={igmQuery}
                onChange={(event) => setIgmQuery(event.currentTarget.value)}
                error={igmSearched === null && igmQuery.trim() ? igmQueryProblem(igmQuery.trim()) : null}
                style={{ flex: 1 }}
                data-testid="itv-task-igm-query"
              />
              <Button
                variant="default"
                leftSection={<IconSearch size={14} />}
                disabled={igmQueryProblem(igmQuery.trim()) !== null}
                loading={igmContainers.isFetching}
                onClick={() => setIgmSearched(igmQuery.trim())}
              >
                Find
              </Button>
              <Select
                label="Container"
                placeholder={igmContainers.data?.length ? 'Choose' : 'None found yet'}
                data={(igmContainers.data ?? []).map((container) => container.number)}
                value={draft.containerNumber || null}
                onChange={(value) => {
                  const container = igmContainers.data?.find((candidate) => candidate.number === value);
                  if (container) fromContainer(container);
                }}
                w={170}
              />
            </Group>
          ) : (
            <Autocomplete
              label="Container number"
              data={suggestions.map((candidate) => candidate.containerNumber)}
              value={draft.containerNumber}
              onChange={(value) => change({ containerNumber: value.toUpperCase(), ctrId: null })}
              onOptionSubmit={(value) => {
                const found = suggestions.find((candidate) => candidate.containerNumber === value);
                if (found)
                  fromContainer({
                    containerId: found.id,
                    number: found.containerNumber,
                    sizeName: found.sizeName,
                    location: found.location,
                  });
              }}
              filter={({ options }) => options}
              data-autofocus
              data-testid="itv-task-form-container"
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Select
              label="Task type"
              data={types.includes(draft.taskType) || !draft.taskType ? types : [draft.taskType, ...types]}
              value={draft.taskType || null}
              onChange={(value) => change({ taskType: value ?? '' })}
              data-testid="itv-task-form-taskType"
            />
            <Autocomplete
              label="Trailer (ITV)"
              data={itvs.data ?? []}
              value={draft.trailer}
              onChange={(value) => change({ trailer: value })}
              data-testid="itv-task-form-trailer"
            />
            <Autocomplete
              label="From location"
              data={locations}
              value={draft.fromLocation}
              onChange={(value) => change({ fromLocation: value })}
              data-testid="itv-task-form-fromLocation"
            />
            <Autocomplete
              label="To location"
              data={locations}
              value={draft.toLocation}
              onChange={(value) => change({ toLocation: value })}
              data-testid="itv-task-form-toLocation"
            />
            <TextInput
              label="Size"
              value={draft.size}
              onChange={(event) => change({ size: event.currentTarget.value })}
            />
            <TextInput
              label="To location details"
              value={draft.toLocationDetails}
              onChange={(event) => change({ toLocationDetails: event.currentTarget.value })}
            />
          </SimpleGrid>
        </Stack>
      </FormFrame>
    </AppModal>
  );
}
