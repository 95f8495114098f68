import { useEffect, useRef } from 'react';
import { Alert, Button, Grid, Group, Stack, Tabs } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useHotkeys } from '@mantine/hooks';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { ReadOnlyBadge } from '../../../ui/WriteGuard';
import { useGates } from '../../gate-readers/hooks/useGates';
import { useGateInTypeSwitch, type GateInType } from '../hooks/useGateInTypeSwitch';
import { useGateTags } from '../hooks/useGateTags';
import { dispatchDraftState } from '../states/dispatchDraftState';
import { gateTabState, type GateTopTab, type YardTab } from '../states/gateTabState';
import { gatedInContainersState } from '../states/gatedInContainersState';
import { generatedTasksState } from '../states/generatedTasksState';
import { offloadingDraftState } from '../states/offloadingDraftState';
import { retagDraftState } from '../states/retagDraftState';
import { selectedGateIdState } from '../states/selectedGateIdState';
import { trailerDraftState } from '../states/trailerDraftState';
import { emptyDispatch, emptyOffloading, emptyRetag, emptyTrailer } from '../utils/gateDrafts';
import { GATE_FORM_IDS } from '../utils/gateFormIds';
import { DispatchForm } from './DispatchForm';
import { GatePicker } from './GatePicker';
import { OffloadingForm } from './OffloadingForm';
import { RetagForm } from './RetagForm';
import { ShortcutLegend } from './ShortcutLegend';
import { TrailerGateInForm } from './TrailerGateInForm';
import { TrucksInsidePanel } from './TrucksInsidePanel';
import { VideoFeed } from './VideoFeed';

// /gate: the gate clerk's screen (spec 1 §2): the gate, top tabs Container Offloading (single
// 20/40 ft, two 20 ft), Trailer Gate-in, Yard Container Operations (retag, out for scanning, and
// dispatch when dispatchTabEnabled), tags live from the gate's readers, trucks inside and the
// video feed. Keyboard-first: shortcuts in the legend, Enter submits, focus back on the first field.
export function GatePage() {
  const access = useScreenAccess({ write: routes.gateOperations.gateIn.access });
  const metadata = useAtomValue(metadataState);
  const gates = useGates();
  const [selectedId, setSelectedId] = useAtom(selectedGateIdState);
  const [tabs, setTabs] = useAtom(gateTabState);
  const offloading = useAtomValue(offloadingDraftState);
  const tasks = useAtomValue(generatedTasksState);
  const gatedIn = useAtomValue(gatedInContainersState);
  const switchType = useGateInTypeSwitch();
  const pickerRef = useRef<HTMLSelectElement>(null);
  const setOffloading = useSetAtom(offloadingDraftState);
  const setTrailer = useSetAtom(trailerDraftState);
  const setRetag = useSetAtom(retagDraftState);
  const setDispatch = useSetAtom(dispatchDraftState);

  const list = gates.data ?? [];
  const gate = list.find((candidate) => candidate.id === selectedId) ?? list[0] ?? null;
  const refusal = useGateTags(gate);
  const planning = metadata?.planningEngineEnabled ?? false;
  const dispatchEnabled = metadata?.dispatchTabEnabled ?? false;
  const yardTab: YardTab = !dispatchEnabled && tabs.yard === 'dispatch' ? 'retag' : tabs.yard;

  // A remembered gate that no longer exists gives way to the first one.
  useEffect(() => {
    if (gate && gate.id !== selectedId) setSelectedId(gate.id);
  }, [gate, selectedId, setSelectedId]);

  // The forms belong to this visit of the screen: leaving it clears them.
  useEffect(
    () => () => {
      setOffloading(emptyOffloading('single'));
      setTrailer(emptyTrailer());
      setRetag(emptyRetag());
      setDispatch(emptyDispatch());
    },
    [setOffloading, setTrailer, setRetag, setDispatch],
  );

  const showTop = (top: GateTopTab) => {
    if (top === 'trailer') void switchType('trailer');
    else if (top === 'offloading') void switchType(offloading.mode);
    else setTabs((current) => ({ ...current, top }));
  };
  const activeForm = () =>
    document.getElementById(
      tabs.top === 'yard' ? GATE_FORM_IDS[yardTab] : GATE_FORM_IDS[tabs.top],
    ) as HTMLFormElement | null;
  useHotkeys(
    [
      ['alt+1', () => showTop('offloading')],
      ['alt+2', () => showTop('trailer')],
      ['alt+3', () => showTop('yard')],
      ['alt+g', () => pickerRef.current?.focus()],
      ['alt+s', () => activeForm()?.requestSubmit()],
      ['alt+r', () => activeForm()?.reset()],
      ['alt+p', () => (tasks.length > 0 || gatedIn.length > 0) && window.print()],
    ],
    [],
  );

  if (!access) return null;
  const gateId = gate?.id ?? null;
  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="sm">
          <LiveUnavailableNotice refusal={refusal} />
          <Group justify="space-between" align="flex-end">
            <GatePicker ref={pickerRef} gates={list} value={gateId} onChange={setSelectedId} />
            <Group gap="xs">
              {/* The gate-ins the depot expects (issue 16): a gate-in uses its container's pre-advice. */}
              <Button
                component={Link}
                to="/pre-advice"
                variant="default"
                size="xs"
                leftSection={<IconCalendarEvent size={14} />}
                data-testid="gate-pre-advice"
              >
                Pre-advice
              </Button>
              <ReadOnlyBadge reason={access.readOnlyReason} testId="gate-read-only" />
            </Group>
          </Group>
          <ShortcutLegend />
          {!gates.isPending && list.length === 0 && (
            <Alert color="yellow" data-testid="gate-no-gates">
              No gate is configured: add one on the Gate Readers screen.
            </Alert>
          )}
          <Tabs value={tabs.top} onChange={(value) => value && showTop(value as GateTopTab)} keepMounted>
            <Tabs.List mb="sm">
              <Tabs.Tab value="offloading" data-testid="gate-tab-offloading">
                Container Offloading
              </Tabs.Tab>
              <Tabs.Tab value="trailer" data-testid="gate-tab-trailer">
                Trailer Gate-in
              </Tabs.Tab>
              <Tabs.Tab value="yard" data-testid="gate-tab-yard">
                Yard Container Operations
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="offloading">
              <Tabs
                value={offloading.mode}
                onChange={(value) => value && void switchType(value as GateInType)}
                variant="pills"
              >
                <Tabs.List mb="sm">
                  <Tabs.Tab value="single" data-testid="gate-tab-single">
                    Single 20/40 ft
                  </Tabs.Tab>
                  <Tabs.Tab value="double" data-testid="gate-tab-double">
                    Two 20 ft
                  </Tabs.Tab>
                </Tabs.List>
              </Tabs>
              <OffloadingForm gateId={gateId} planning={planning} readOnlyReason={access.readOnlyReason} />
            </Tabs.Panel>
            <Tabs.Panel value="trailer">
              <TrailerGateInForm
                gateId={gateId}
                readOnlyReason={access.readOnlyReason}
                chaEnabled={access.features.chaVehicleEnabled}
              />
            </Tabs.Panel>
            <Tabs.Panel value="yard">
              <Tabs
                value={yardTab}
                onChange={(value) => value && setTabs((current) => ({ ...current, yard: value as YardTab }))}
                variant="pills"
              >
                <Tabs.List mb="sm">
                  <Tabs.Tab value="retag" data-testid="gate-tab-retag">
                    Retag
                  </Tabs.Tab>
                  <Tabs.Tab value="scanning" data-testid="gate-tab-scanning">
                    Out for scanning
                  </Tabs.Tab>
                  {dispatchEnabled && (
                    <Tabs.Tab value="dispatch" data-testid="gate-tab-dispatch">
                      Dispatch
                    </Tabs.Tab>
                  )}
                </Tabs.List>
                <Tabs.Panel value="retag">
                  <RetagForm gateId={gateId} readOnlyReason={access.readOnlyReason} />
                </Tabs.Panel>
                <Tabs.Panel value="scanning">
                  <DispatchForm gateId={gateId} scanning readOnlyReason={access.readOnlyReason} />
                </Tabs.Panel>
                {dispatchEnabled && (
                  <Tabs.Panel value="dispatch">
                    <DispatchForm gateId={gateId} scanning={false} readOnlyReason={access.readOnlyReason} />
                  </Tabs.Panel>
                )}
              </Tabs>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="sm">
          <TrucksInsidePanel gateId={gateId} />
          {gate && <VideoFeed gate={gate} />}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
