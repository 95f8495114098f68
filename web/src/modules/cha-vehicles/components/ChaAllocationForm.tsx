import { useState } from 'react';
import { Badge, Button, Group, MultiSelect, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { CHA_ALLOWED_COUNT_MAX, type DeliveryFigure } from '@openyard/contracts';
import { metadataState } from '../../../app/states/metadataState';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { confirmDialog } from '../../../ui/confirmDialog';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';
import { ListState } from '../../../ui/ListState';
import { WriteGuard } from '../../../ui/WriteGuard';
import { useChaAllocation } from '../hooks/useChaAllocation';
import { useChaEquipments, useDeliveryTypes } from '../hooks/useChaReferenceLists';
import type { useChaWrites } from '../hooks/useChaWrites';
import { draftOf, inputOf, withFigure, type AllocationDraft } from '../utils/allocationDraft';

const FIGURES: { figure: DeliveryFigure; label: string }[] = [
  { figure: 'allowedCount', label: 'Allowed vehicles' },
  { figure: 'allowed20', label: 'of which 20 ft' },
  { figure: 'allowed40', label: 'of which 40 ft' },
];

// The agent's current allocation (spec 1 §3 CHA allocation): per delivery type the allowed
// vehicles, of which 20 ft and 40 ft, kept consistent as they are typed (spec 1 §5), and the
// vehicles the gate has counted in; the equipments given. Save changes the current allocation (its
// counts stay); "New allocation" starts another whose counts begin at zero.
export function ChaAllocationForm({
  agentId,
  access,
  save,
}: {
  agentId: number;
  access: ScreenAccess;
  save: ReturnType<typeof useChaWrites>['saveAllocation'];
}) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const allocation = useChaAllocation(agentId);
  const types = useDeliveryTypes();
  const equipments = useChaEquipments();
  // The person's edits; until there are any (and again after a save) the form shows what the
  // server holds, whose gated-in counts reload.
  const [edited, setEdited] = useState<AllocationDraft | null>(null);
  const draft = edited ?? (allocation.data !== undefined && types.data ? draftOf(allocation.data, types.data) : null);

  const error = allocation.error ?? types.error;
  if (error || !draft)
    return (
      <Paper withBorder p="md">
        <ListState
          loading={!error}
          error={error ? errorMessageOf(error) : null}
          count={0}
          onRetry={() => void Promise.all([allocation.refetch(), types.refetch()])}
          testId="cha-allocation-state"
        />
      </Paper>
    );

  const current = allocation.data ?? null;
  const readOnly = access.readOnlyReason !== null;
  const change = (next: AllocationDraft) => setEdited(next);
  const submit = (allocationId: number | null) =>
    save.mutate({ agentId, allocationId, body: inputOf(draft) }, { onSuccess: () => setEdited(null) });
  const startNew = async () => {
    const confirmed = await confirmDialog({
      title: 'New allocation',
      message: 'The new allocation becomes the current one and its gated-in counts start at zero. Go on?',
      confirmLabel: 'Start new allocation',
    });
    if (confirmed) submit(null);
  };

  return (
    <Paper withBorder p="md" data-testid="cha-allocation">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>Vehicle allocation</Title>
          {current ? (
            <Text size="sm" c="dimmed" data-testid="cha-allocation-date">
              Current allocation of {formatDateTime(current.createDate, timeZone)}
            </Text>
          ) : (
            <Badge variant="light" color="gray" data-testid="cha-allocation-none">
              No allocation yet
            </Badge>
          )}
        </Group>
        <Table striped withTableBorder verticalSpacing={4} data-testid="cha-allocation-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Delivery type</Table.Th>
              {FIGURES.map(({ figure, label }) => (
                <Table.Th key={figure}>{label}</Table.Th>
              ))}
              <Table.Th>Gated in</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.rows.map((row) => (
              <Table.Tr key={row.activityId} data-testid={`cha-row-${row.name}`}>
                <Table.Td>{row.name}</Table.Td>
                {FIGURES.map(({ figure, label }) => (
                  <Table.Td key={figure}>
                    <NumberInput
                      aria-label={`${row.name}: ${label}`}
                      value={row[figure]}
                      min={0}
                      max={CHA_ALLOWED_COUNT_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="strict"
                      disabled={readOnly}
                      w={110}
                      size="xs"
                      onChange={(value) => change(withFigure(draft, row.activityId, figure, Number(value) || 0))}
                      data-testid={`cha-${row.name}-${figure}`}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Text
                    size="sm"
                    c={row.gatedInCount >= row.allowedCount && row.allowedCount > 0 ? 'red' : undefined}
                    fw={500}
                    data-testid={`cha-${row.name}-gatedInCount`}
                  >
                    {row.gatedInCount}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <MultiSelect
          label="Equipments"
          placeholder={draft.equipmentIds.length ? undefined : 'None'}
          data={(equipments.data ?? []).map((equipment) => ({ value: String(equipment.id), label: equipment.name }))}
          value={draft.equipmentIds}
          onChange={(equipmentIds) => change({ ...draft, equipmentIds })}
          disabled={readOnly}
          clearable
          searchable
          data-testid="cha-equipments"
        />
        <Group justify="flex-end">
          {current && (
            <WriteGuard reason={access.readOnlyReason}>
              <Button
                variant="subtle"
                onClick={() => void startNew()}
                disabled={save.isPending}
                data-testid="cha-allocation-new"
              >
                New allocation
              </Button>
            </WriteGuard>
          )}
          <WriteGuard reason={access.readOnlyReason}>
            <Button
              onClick={() => submit(current?.id ?? null)}
              loading={save.isPending}
              data-testid="cha-allocation-save"
            >
              Save allocation
            </Button>
          </WriteGuard>
        </Group>
      </Stack>
    </Paper>
  );
}
