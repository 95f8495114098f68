import { useState } from 'react';
import { Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconPlus, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import {
  KIOSK_PATHS,
  kioskContainerNumber,
  kioskIgmSearch,
  kioskSaveEnabled,
  messages,
  type KioskTaskInput,
  type KioskTasksSaved,
} from '@openyard/contracts';
import { currentUserState } from '../../../app/states/currentUserState';
import { metadataState } from '../../../app/states/metadataState';
import { PrintArea } from '../../../ui/PrintArea';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useEntryTags } from '../hooks/useEntryTags';
import { kioskIgmContainers, useKioskTaskChoices, useSaveKioskTasks } from '../hooks/useKioskTasks';
import { KioskActionButton } from './KioskActionButton';
import { KioskEntryForm } from './KioskEntryForm';
import { KioskFrame } from './KioskFrame';
import { KioskTaskRow, type KioskRow } from './KioskTaskRow';
import { PublicNotice } from './PublicNotice';

const emptyRow = (containerNumber = ''): KioskRow => ({ row: { containerNumber }, touched: false });

// /kiosk-task (spec 2 §2 Kiosk tasks, §3, §4, §5, §8, §9): search by one IGM item, one editable row
// per container in the yard; Save only when no row is untouched or incomplete and nothing is
// loading; the tasks go into the yard's tasks (assigned to ALL, the number cut to 11 characters by
// the server), then a printable summary. Only a kiosk signed in with its token saves tasks.
export function KioskTasksPage() {
  const user = useAtomValue(currentUserState);
  const isKiosk = user?.systemRole === 'kiosk';
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const entries = useEntryTags();
  const choices = useKioskTaskChoices(isKiosk);
  const save = useSaveKioskTasks();
  const [rows, setRows] = useState<KioskRow[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [saved, setSaved] = useState<KioskTasksSaved | null>(null);

  const search = async () => {
    const asked = kioskIgmSearch(entries.entries());
    if (asked.kind === 'error') return setProblem(asked.error);
    const igmItem = `${asked.igm}:${asked.item}`;
    setProblem(null);
    setSearching(true);
    try {
      const { containers } = await kioskIgmContainers(igmItem);
      if (!containers.length) setProblem(messages.igmNoContainers(igmItem));
      setRows(containers.map((container) => emptyRow(container.containerNumber)));
    } catch (error) {
      setProblem(errorMessageOf(error));
    } finally {
      setSearching(false);
    }
  };
  const submit = () => {
    if (!rows) return;
    const body = rows.map(({ row }) => ({ ...row, containerNumber: kioskContainerNumber(row.containerNumber ?? '') }));
    save.mutate(body as KioskTaskInput[], { onSuccess: setSaved });
  };
  const restart = () => {
    entries.clear();
    setRows(null);
    setSaved(null);
    setProblem(null);
  };

  return (
    <KioskFrame title="Ask for a move" testId="kiosk-tasks">
      {(session) => {
        if (session.state === 'signingIn' || (isKiosk && choices.isPending))
          return <Loader size="xl" mx="auto" aria-label="Loading" />;
        if (!isKiosk)
          return (
            <PublicNotice color="orange" testId="kiosk-tasks-not-kiosk">
              {session.state === 'refused' ? session.message : messages.kioskNotSignedIn}
            </PublicNotice>
          );
        if (choices.error || !choices.data)
          return (
            <PublicNotice color="red" testId="kiosk-tasks-error">
              {errorMessageOf(choices.error)}
            </PublicNotice>
          );
        if (saved)
          return (
            <PrintArea gap="md" testId="kiosk-tasks-summary">
              <Group justify="space-between">
                <Text fz={30} fw={700}>
                  {messages.kioskTasksSaved(saved.tasks.length)}
                </Text>
                <Group gap="md" data-print-hide>
                  <Button
                    size="xl"
                    variant="light"
                    leftSection={<IconPrinter size={28} />}
                    onClick={() => window.print()}
                    data-testid="kiosk-tasks-print"
                  >
                    Print
                  </Button>
                  <Button
                    size="xl"
                    component={Link}
                    to={KIOSK_PATHS.start}
                    leftSection={<IconCheck size={28} />}
                    data-testid="kiosk-tasks-done"
                  >
                    Done
                  </Button>
                </Group>
              </Group>
              <Table fz={22} verticalSpacing="md" withTableBorder striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Container</Table.Th>
                    <Table.Th>Task</Table.Th>
                    <Table.Th>From</Table.Th>
                    <Table.Th>To</Table.Th>
                    <Table.Th>Delivery mode</Table.Th>
                    <Table.Th>Asked at</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {saved.tasks.map((task) => (
                    <Table.Tr
                      key={`${task.containerNumber}-${task.taskType}-${task.toLocation}`}
                      data-testid="kiosk-tasks-summary-row"
                    >
                      <Table.Td ff="monospace" fw={700}>
                        {task.containerNumber}
                      </Table.Td>
                      <Table.Td>{task.taskType}</Table.Td>
                      <Table.Td>{task.fromLocation}</Table.Td>
                      <Table.Td>{task.toLocation}</Table.Td>
                      <Table.Td>{task.deliveryMode}</Table.Td>
                      <Table.Td>{formatDateTime(task.generationDate, timeZone)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PrintArea>
          );
        if (rows === null)
          return (
            <KioskEntryForm
              entries={entries}
              label="IGM item (IGM:ITEM)"
              placeholder="1234567:12"
              problem={problem}
              action={{
                label: 'Find my containers',
                icon: IconSearch,
                loading: searching,
                onClick: () => void search(),
                testId: 'kiosk-tasks-search',
              }}
              testId="kiosk-tasks"
            />
          );
        return (
          <Stack gap="lg">
            {problem && (
              <PublicNotice color="orange" testId="kiosk-tasks-problem">
                {problem}
              </PublicNotice>
            )}
            {rows.map((value, index) => (
              <KioskTaskRow
                key={index}
                index={index}
                value={value}
                choices={choices.data}
                onChange={(row) => setRows(rows.map((entry, at) => (at === index ? { row, touched: true } : entry)))}
                onRemove={() => setRows(rows.filter((_, at) => at !== index))}
              />
            ))}
            <Group grow>
              <Button
                size="xl"
                variant="default"
                leftSection={<IconPlus size={28} />}
                onClick={() => setRows([...rows, emptyRow()])}
                data-testid="kiosk-tasks-add-row"
              >
                Add a row
              </Button>
              <Button size="xl" variant="default" onClick={restart} data-testid="kiosk-tasks-restart">
                Start over
              </Button>
            </Group>
            <KioskActionButton
              icon={IconDeviceFloppy}
              label="Save"
              loading={save.isPending}
              disabled={!kioskSaveEnabled(rows, save.isPending, choices.data)}
              onClick={submit}
              testId="kiosk-tasks-save"
            />
          </Stack>
        );
      }}
    </KioskFrame>
  );
}
