import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconListSearch, IconPrinter } from '@tabler/icons-react';
import { useAtomValue } from 'jotai';
import { messages } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import { ListState } from '../../../ui/ListState';
import { PrintArea } from '../../../ui/PrintArea';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { useContainerStatus } from '../hooks/useContainerStatus';
import { KioskFrame } from './KioskFrame';
import { KioskActionButton } from './KioskActionButton';
import { NumericKeypad } from './OnScreenKeyboard';

type Field = 'igmNumber' | 'itemNumber';
const LABELS: Record<Field, string> = { igmNumber: 'IGM number', itemNumber: 'Item number' };

// /status (spec 2 §2 Kiosk status, §3, §5): the IGM number and item number on the numeric keypad,
// both needed to submit; then the containers of that IGM item with their state and place, printable.
export function KioskStatusPage() {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const [values, setValues] = useState<Record<Field, string>>({ igmNumber: '', itemNumber: '' });
  const [active, setActive] = useState<Field>('igmNumber');
  const [asked, setAsked] = useState<Record<Field, string> | null>(null);
  const status = useContainerStatus(asked);
  const complete = values.igmNumber.trim() !== '' && values.itemNumber.trim() !== '';
  const edit = (change: (text: string) => string) =>
    setValues((current) => ({ ...current, [active]: change(current[active]) }));
  const rows = status.data ?? [];

  return (
    <KioskFrame title="Container status" testId="kiosk-status">
      {() => (
        <Stack gap="lg">
          <Group grow align="flex-start">
            {(Object.keys(LABELS) as Field[]).map((field) => (
              <TextInput
                key={field}
                size="xl"
                label={LABELS[field]}
                value={values[field]}
                inputMode="none"
                autoComplete="off"
                onFocus={() => setActive(field)}
                onClick={() => setActive(field)}
                onChange={(event) => {
                  const typed = event.currentTarget.value.replace(/\D/g, '');
                  setValues((current) => ({ ...current, [field]: typed }));
                }}
                styles={{
                  label: { fontSize: 22, marginBottom: 6 },
                  input: {
                    fontSize: 32,
                    fontFamily: 'monospace',
                    borderWidth: active === field ? 3 : 1,
                    borderColor: active === field ? 'var(--mantine-color-yellow-5)' : undefined,
                  },
                }}
                data-active={active === field}
                data-testid={`kiosk-status-${field}`}
              />
            ))}
          </Group>
          <NumericKeypad
            onKey={(key) => edit((text) => (text + key).slice(0, 40))}
            onBackspace={() => edit((text) => text.slice(0, -1))}
            onClear={() => edit(() => '')}
            onEnter={() => setActive(active === 'igmNumber' ? 'itemNumber' : 'igmNumber')}
            enterLabel="Next"
            testId="kiosk-keypad"
          />
          <KioskActionButton
            icon={IconListSearch}
            label="Show status"
            disabled={!complete}
            onClick={() => setAsked({ igmNumber: values.igmNumber.trim(), itemNumber: values.itemNumber.trim() })}
            testId="kiosk-status-submit"
          />
          {!complete && (
            <Text fz={20} c="dimmed" ta="center">
              {messages.igmStatusIncomplete}
            </Text>
          )}
          {asked && (
            <ListState
              loading={status.isPending}
              error={status.error ? errorMessageOf(status.error) : null}
              count={rows.length}
              emptyText={messages.kioskStatusNothingFound}
              onRetry={() => void status.refetch()}
              testId="kiosk-status-results"
            />
          )}
          {asked && rows.length > 0 && (
            <PrintArea gap="md" testId="kiosk-status-results">
              <Group justify="space-between">
                <Text fz={26} fw={700}>
                  IGM {asked.igmNumber} · item {asked.itemNumber}
                </Text>
                <Button
                  size="xl"
                  variant="light"
                  leftSection={<IconPrinter size={28} />}
                  onClick={() => window.print()}
                  data-print-hide
                  data-testid="kiosk-status-print"
                >
                  Print
                </Button>
              </Group>
              <Table fz={22} verticalSpacing="md" withTableBorder striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Container</Table.Th>
                    <Table.Th>Size</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Location</Table.Th>
                    <Table.Th>Gate in</Table.Th>
                    <Table.Th>Dispatched</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={`${row.containerNumber}-${row.gateInDate}`} data-testid="kiosk-status-row">
                      <Table.Td ff="monospace" fw={700}>
                        {row.containerNumber}
                      </Table.Td>
                      <Table.Td>{row.sizeName}</Table.Td>
                      <Table.Td>
                        <Badge size="xl" variant="light" color={row.status === 'In yard' ? 'green' : 'gray'}>
                          {row.status}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.location ?? '—'}</Table.Td>
                      <Table.Td>{formatDateTime(row.gateInDate, timeZone)}</Table.Td>
                      <Table.Td>
                        {row.dispatchDate === null ? '—' : formatDateTime(row.dispatchDate, timeZone)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </PrintArea>
          )}
        </Stack>
      )}
    </KioskFrame>
  );
}
