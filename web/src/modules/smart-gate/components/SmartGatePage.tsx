import { useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Grid, Group, Kbd, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconCalendarEvent, IconFileCertificate } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { messages, routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { AppModal } from '../../../ui/AppModal';
import { ReadOnlyBadge } from '../../../ui/WriteGuard';
import { useGates } from '../../gate-readers/hooks/useGates';
import { VideoFeed } from '../../gate/components/VideoFeed';
import { useLaneActions, type GateKind } from '../hooks/useLaneActions';
import { useMyGates } from '../hooks/useMyGates';
import { usePendingCount } from '../hooks/usePendingCount';
import { rotateTab, type SmartGateTab } from '../utils/laneDraft';
import { LanePanel } from './LanePanel';
import { ReasonDialog } from './ReasonDialog';
import { SmartGateReports } from './SmartGateReports';

export const NO_GATE_TITLE = 'No Gate Configured';
export const NO_GATE_TEXT = 'No Gate configured for you. Ask your admin to do so.';

// /igate (gate-in at IN gates) and /igateout (dispatch at OUT gates): spec 2 §2 Smart gate screen.
// The user's gates of the screen's type, the first selected; the gate's cameras live; the OCR
// queue's pending count live; the lane form filled from the next record; the reports. Keyboard:
// Alt+N next, 1–9 a candidate, Alt+V verify the gate pass, Alt+S dispatch / gate in, Alt+P purge,
// ← → the two tabs (outside text fields).
export function SmartGatePage({ kind }: { kind: GateKind }) {
  const access = useScreenAccess({
    write: kind === 'OUT' ? routes.smartGate.igateDispatch.access : routes.smartGate.igateIn.access,
  });
  const navigate = useNavigate();
  const mine = useMyGates();
  const allGates = useGates();
  const gates = (mine.data?.gates ?? []).filter((gate) => gate.type === kind);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const gate = gates.find((candidate) => candidate.gateId === selectedId) ?? gates[0] ?? null;
  const gateId = gate?.gateId ?? null;
  const cameras = allGates.data?.find((candidate) => candidate.id === gateId) ?? null;
  const [tab, setTab] = useState<SmartGateTab>('lane');
  const lane = useRef<HTMLDivElement>(null);
  const focusLane = useCallback(() => lane.current?.focus({ preventScroll: true }), []);
  const actions = useLaneActions({ gateId, kind, focusLane });
  const { count, refusal } = usePendingCount(gateId);
  const noGate = mine.isSuccess && gates.length === 0;

  // Another gate: the lane starts again.
  const { reset } = actions;
  useEffect(() => {
    reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a change of gate
  }, [gateId]);

  // Outside text fields: arrows rotate the tabs, a digit picks a candidate.
  useHotkeys([
    ['ArrowLeft', () => setTab((current) => rotateTab(current, -1))],
    ['ArrowRight', () => setTab((current) => rotateTab(current, 1))],
    ...'123456789'.split('').map(
      (key) =>
        [
          key,
          () => {
            const match = actions.offered[Number(key) - 1];
            if (tab === 'lane' && match) actions.pick(match);
          },
        ] as [string, () => void],
    ),
  ]);
  // Everywhere, also in a field.
  useHotkeys(
    [
      ['alt+n', () => void actions.next()],
      ['alt+v', () => kind === 'OUT' && void actions.verify()],
      ['alt+s', () => actions.submit()],
      ['alt+p', () => actions.setAsking('purge')],
    ],
    [],
  );

  if (!access) return null;
  const title = kind === 'OUT' ? 'Smart Gate: Dispatch' : 'Smart Gate: Gate-in';
  return (
    <Stack gap="sm" p="md" data-testid="igate-page" data-kind={kind}>
      <AppModal
        opened={noGate}
        onClose={() => void navigate('/')}
        title={NO_GATE_TITLE}
        centered
        data-testid="igate-no-gate"
      >
        <Stack gap="sm" data-testid="igate-no-gate">
          <Text size="sm">{NO_GATE_TEXT}</Text>
          <Group justify="flex-end">
            <Button onClick={() => void navigate('/')} data-testid="igate-no-gate-ok" data-autofocus>
              OK
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end">
          <Title order={3}>{title}</Title>
          <NativeSelect
            label="Gate"
            data={gates.map((candidate) => ({ value: String(candidate.gateId), label: candidate.name }))}
            value={gateId === null ? '' : String(gateId)}
            onChange={(event) => setSelectedId(Number(event.currentTarget.value))}
            data-testid="igate-gate-picker"
          />
          <Badge size="lg" color={count ? 'orange' : 'gray'} data-testid="igate-pending-count">
            Pending: {count ?? '…'}
          </Badge>
        </Group>
        <Group gap="xs">
          {kind === 'OUT' && (
            // The gate-pass store the dispatch verifies against (by hand or by sheet), a screen of its own.
            <Button
              component={Link}
              to="/gate-passes"
              variant="default"
              size="xs"
              leftSection={<IconFileCertificate size={14} />}
              data-testid="igate-gate-passes"
            >
              Gate passes
            </Button>
          )}
          {kind === 'IN' && (
            // The gate-ins this gate expects: the candidates rank misreads against them.
            <Button
              component={Link}
              to="/pre-advice"
              variant="default"
              size="xs"
              leftSection={<IconCalendarEvent size={14} />}
              data-testid="igate-pre-advice"
            >
              Pre-advice
            </Button>
          )}
          <ReadOnlyBadge reason={access.readOnlyReason} testId="igate-read-only" />
          <Text size="xs" c="dimmed" data-testid="igate-shortcuts">
            <Kbd>Alt</Kbd>+<Kbd>N</Kbd> next · <Kbd>1</Kbd>–<Kbd>9</Kbd> candidate
            {kind === 'OUT' && (
              <>
                {' '}
                · <Kbd>Alt</Kbd>+<Kbd>V</Kbd> verify pass
              </>
            )}{' '}
            · <Kbd>Alt</Kbd>+<Kbd>S</Kbd> {kind === 'OUT' ? 'dispatch' : 'gate in'} · <Kbd>←</Kbd> <Kbd>→</Kbd> tabs
          </Text>
        </Group>
      </Group>
      <LiveUnavailableNotice refusal={refusal ?? actions.liveRefusal} />
      <Tabs value={tab} onChange={(value) => value && setTab(value as SmartGateTab)} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="lane" data-testid="igate-tab-lane">
            {kind === 'OUT' ? 'Dispatch lane' : 'Gate-in lane'}
          </Tabs.Tab>
          <Tabs.Tab value="reports" data-testid="igate-tab-reports">
            {kind === 'OUT' ? 'Dispatch report' : 'Gate-in report'}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="lane">
          <Grid gutter="md">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <div ref={lane} tabIndex={-1} data-testid="igate-lane" style={{ outline: 'none' }}>
                <LanePanel kind={kind} actions={actions} readOnlyReason={access.readOnlyReason} />
              </div>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              {cameras ? (
                <VideoFeed
                  gate={cameras}
                  onOcr={(read) =>
                    actions.setDraft({ containerNumber: read.containerNumber || actions.draft.containerNumber })
                  }
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Cameras of the gate…
                </Text>
              )}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="reports">{gateId !== null && <SmartGateReports kind={kind} gateId={gateId} />}</Tabs.Panel>
      </Tabs>
      <ReasonDialog
        opened={actions.asking === 'force'}
        title={messages.gatePassNotFound}
        text={`No valid gate pass for ${actions.draft.containerNumber}. Give a reason to dispatch it anyway.`}
        requiredMessage={messages.forceDispatchReasonRequired}
        confirmLabel="Force dispatch"
        testId="igate-force"
        onCancel={() => actions.setAsking(null)}
        onConfirm={(reason) => void actions.answerReason(reason)}
      />
      <ReasonDialog
        opened={actions.asking === 'purge'}
        title="Purge OCR data"
        text="Every pending OCR record of this gate is removed."
        requiredMessage={messages.ocrPurgeReasonRequired}
        confirmLabel="Purge"
        testId="igate-purge"
        onCancel={() => actions.setAsking(null)}
        onConfirm={(reason) => void actions.answerReason(reason)}
      />
    </Stack>
  );
}

export function IgatePage() {
  return <SmartGatePage kind="IN" />;
}
export function IgateOutPage() {
  return <SmartGatePage kind="OUT" />;
}
