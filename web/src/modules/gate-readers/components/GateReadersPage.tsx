import { useEffect, useState } from 'react';
import { Tabs } from '@mantine/core';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useAtom, useSetAtom } from 'jotai';
import { routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { useGatesLive } from '../hooks/useGatesLive';
import { gateEditorState } from '../states/gateEditorState';
import { readerEditorState } from '../states/readerEditorState';
import { shownCredentialsState } from '../states/shownCredentialsState';
import { CredentialsModal } from './CredentialsModal';
import { GateFormModal } from './GateFormModal';
import { GateReadersTab } from './GateReadersTab';
import { GatesTab } from './GatesTab';
import { ReaderFormModal } from './ReaderFormModal';

// /gate-readers: tabs Gates and Gate Readers (spec 1 §2), live through the topic `gates`.
export function GateReadersPage() {
  // Gate-reader administration is the superadmin's (spec 1 §6); the server enforces it on every write.
  const access = useScreenAccess({ write: routes.gates.create.access });
  const [tab, setTab] = useState<string | null>('gates');
  const [gateEditor, setGateEditor] = useAtom(gateEditorState);
  const [readerEditor, setReaderEditor] = useAtom(readerEditorState);
  const setShownCredentials = useSetAtom(shownCredentialsState);
  const liveRefusal = useGatesLive();

  // Forms belong to this visit of the screen: leaving it closes them.
  useEffect(
    () => () => {
      setGateEditor(null);
      setReaderEditor(null);
      setShownCredentials(null);
    },
    [setGateEditor, setReaderEditor, setShownCredentials],
  );

  if (!access) return null;
  const { canWrite } = access;

  return (
    <>
      <LiveUnavailableNotice refusal={liveRefusal} />
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="gates" data-testid="gate-readers-tab-gates">
            Gates
          </Tabs.Tab>
          <Tabs.Tab value="readers" data-testid="gate-readers-tab-readers">
            Gate Readers
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="gates">
          <GatesTab canWrite={canWrite} />
        </Tabs.Panel>
        <Tabs.Panel value="readers">
          <GateReadersTab canWrite={canWrite} />
        </Tabs.Panel>
      </Tabs>
      {gateEditor && <GateFormModal gate={gateEditor.gate} onClose={() => setGateEditor(null)} />}
      {readerEditor && (
        <ReaderFormModal
          reader={readerEditor.reader}
          gateId={readerEditor.gateId}
          onClose={() => setReaderEditor(null)}
        />
      )}
      <CredentialsModal />
    </>
  );
}
