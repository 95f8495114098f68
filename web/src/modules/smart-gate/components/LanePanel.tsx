import { useEffect } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Kbd,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CONTAINER_GATE_IN_PURPOSES, messages } from '@openyard/contracts';
import { WriteGuard } from '../../../ui/WriteGuard';
import { useMasterList } from '../../containers/hooks/useMasterList';
import { TransactionStatusAlert } from '../../gate/components/TransactionStatusAlert';
import type { GateKind, useLaneActions } from '../hooks/useLaneActions';
import { changedFields, type LaneDraft } from '../utils/laneDraft';
import { RecordImage } from './RecordImage';

type Actions = ReturnType<typeof useLaneActions>;

const FIELDS: { key: keyof LaneDraft; label: string; out?: boolean; in?: boolean }[] = [
  { key: 'containerNumber', label: 'Container number' },
  { key: 'containerSize', label: 'Size' },
  { key: 'containerType', label: 'Type', in: true },
  { key: 'process', label: 'Process', out: true },
  { key: 'process', label: 'Gate-in type', in: true },
  { key: 'trailerNumber', label: 'Trailer number' },
  { key: 'tag', label: 'Tag' },
  { key: 'trailerTag', label: 'Trailer tag' },
];

// The lane: the current OCR record (its processed images, its read, the ranked candidates to pick
// with a key), the form it filled, the gate pass (OUT) and the commit.
export function LanePanel({
  kind,
  actions,
  readOnlyReason,
}: {
  kind: GateKind;
  actions: Actions;
  readOnlyReason: string | null;
}) {
  const { record, draft, pass, offered, candidates } = actions;
  // The type is the yard's master list (OCR's type name is offered only when the list has it).
  const types = (useMasterList('containerTypes', kind === 'IN').data ?? []).map((type) => type.name);
  const unknownType =
    kind === 'IN' && types.length > 0 && draft.containerType !== '' && !types.includes(draft.containerType);
  const { setDraft } = actions;
  useEffect(() => {
    if (unknownType) setDraft({ containerType: '' });
  }, [unknownType, setDraft]);
  const changed = changedFields(record, draft, kind);
  const best = offered[0];
  return (
    <Stack gap="sm">
      <Group>
        <Button onClick={() => void actions.next()} loading={actions.busy && !record} data-testid="igate-next">
          Next <Kbd ml={6}>Alt+N</Kbd>
        </Button>
        <WriteGuard reason={readOnlyReason}>
          <Button variant="light" color="red" onClick={() => actions.setAsking('purge')} data-testid="igate-purge-open">
            Purge OCR data
          </Button>
        </WriteGuard>
      </Group>
      <TransactionStatusAlert status={actions.status} testId="igate-status" />
      {record && (
        <Card withBorder p="sm" data-testid="igate-record" data-record-id={record.id}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} data-testid="igate-record-read">
                OCR read: {record.data.containerToShow || record.data.containerNumber || '—'}
              </Text>
              <Badge color={record.data.litmusResult.isValid ? 'green' : 'red'} data-testid="igate-record-valid">
                {record.data.litmusResult.isValid ? 'valid check digit' : 'invalid read'}
              </Badge>
            </Group>
            {record.data.images.length > 0 && (
              <SimpleGrid cols={4} spacing={4}>
                {record.data.images.slice(0, 8).map((path, index) => (
                  <RecordImage key={path} path={path} index={index} />
                ))}
              </SimpleGrid>
            )}
            {candidates?.exact && (
              <Text size="sm" c="green" data-testid="igate-exact">
                {candidates.exact}: a read of OCR that is expected at this gate.
              </Text>
            )}
            {offered.length > 0 && (
              <Stack gap={4} data-testid="igate-candidates">
                <Text size="sm" fw={600}>
                  Candidates (press the number to take one)
                </Text>
                {best && (
                  <Text size="xs" c="dimmed" data-testid="igate-best-match">
                    Best match {best.containerNumber}: {best.evidence.join(', ')}; near the read {best.read} (distance{' '}
                    {best.distance.toFixed(1)})
                  </Text>
                )}
                {offered.map((match, index) => (
                  <Button
                    key={match.containerNumber}
                    variant={draft.containerNumber === match.containerNumber ? 'filled' : 'default'}
                    justify="flex-start"
                    size="xs"
                    onClick={() => actions.pick(match)}
                    data-testid={`igate-candidate-${index + 1}`}
                  >
                    <Kbd mr={8}>{index + 1}</Kbd>
                    {match.containerNumber}
                    <Text span size="xs" c="dimmed" ml={8}>
                      {match.evidence.join(', ')}
                      {match.validCheckDigit ? '' : ' · check digit wrong'}
                    </Text>
                  </Button>
                ))}
              </Stack>
            )}
          </Stack>
        </Card>
      )}
      <form
        id={`igate-form-${kind}`}
        data-testid="igate-form"
        onSubmit={(event) => {
          event.preventDefault();
          actions.submit();
        }}
      >
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="xs">
            {FIELDS.filter((field) => (kind === 'OUT' ? !field.in : !field.out)).map((field) =>
              kind === 'IN' && field.key === 'containerType' ? (
                <NativeSelect
                  key="containerType"
                  label={field.label}
                  data={['', ...types]}
                  value={types.includes(draft.containerType) ? draft.containerType : ''}
                  onChange={(event) => actions.setDraft({ containerType: event.currentTarget.value })}
                  data-testid="igate-field-containerType"
                />
              ) : kind === 'IN' && field.key === 'process' ? (
                <NativeSelect
                  key="gateInPurpose"
                  label={field.label}
                  data={['', ...CONTAINER_GATE_IN_PURPOSES]}
                  value={draft.process}
                  onChange={(event) => actions.setDraft({ process: event.currentTarget.value })}
                  data-testid="igate-field-gateInPurpose"
                />
              ) : (
                <TextInput
                  key={field.key}
                  label={field.label}
                  value={draft[field.key]}
                  onChange={(event) => actions.setDraft({ [field.key]: event.currentTarget.value })}
                  data-testid={`igate-field-${field.key}`}
                  styles={
                    changed.includes(field.key)
                      ? { input: { borderColor: 'var(--mantine-color-orange-6)' } }
                      : undefined
                  }
                />
              ),
            )}
          </SimpleGrid>
          {changed.length > 0 && (
            <Text size="xs" c="orange" data-testid="igate-differences">
              Changed from OCR (reported as OCR differences): {changed.join(', ')}
            </Text>
          )}
          {kind === 'OUT' && (
            <Group>
              <Button variant="light" onClick={() => void actions.verify()} data-testid="igate-verify">
                Verify gate pass <Kbd ml={6}>Alt+V</Kbd>
              </Button>
              {pass.kind === 'valid' && (
                <Alert color="green" p={6} data-testid="igate-pass-valid">
                  Gate pass of {pass.pass.containerNumber} verified
                  {pass.pass.boeNumber ? ` (BOE ${pass.pass.boeNumber})` : ''}
                </Alert>
              )}
              {pass.kind === 'none' && (
                <Badge color="red" data-testid="igate-pass-none">
                  {messages.gatePassNotFound}
                </Badge>
              )}
            </Group>
          )}
          <Group>
            <WriteGuard reason={readOnlyReason}>
              <Button type="submit" loading={actions.busy && record !== null} data-testid="igate-submit">
                {kind === 'OUT' ? 'Dispatch' : 'Gate in'} <Kbd ml={6}>Alt+S</Kbd>
              </Button>
            </WriteGuard>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
