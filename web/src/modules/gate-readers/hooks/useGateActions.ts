import { useSetAtom } from 'jotai';
import type { Gate } from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';
import { shownCredentialsState } from '../states/shownCredentialsState';
import { askDeleteGate } from '../utils/askDeleteGate';
import { useDeleteGate } from './useDeleteGate';
import { useRenewCredentials } from './useRenewCredentials';

// Delete a gate (asking about its readers) and renew the login of its cameras.
export function useGateActions() {
  const deleteGate = useDeleteGate();
  const renewCredentials = useRenewCredentials();
  const showCredentials = useSetAtom(shownCredentialsState);

  const remove = async (gate: Gate) => {
    const choice = await askDeleteGate(gate);
    if (!choice) return;
    deleteGate.mutate({ gate, deleteReaders: choice.deleteReaders });
  };

  const renewCameraLogin = async (gate: Gate) => {
    const confirmed = await confirmDialog({
      title: `Renew camera credentials of gate ${gate.name}`,
      message: "The gate's cameras get a new MQTT password and the current one stops working at once. Continue?",
      confirmLabel: 'Renew',
      danger: true,
    });
    if (!confirmed) return;
    renewCredentials.mutate(
      { kind: 'gate', id: gate.id },
      { onSuccess: (credentials) => showCredentials({ title: `New camera login of gate ${gate.name}`, credentials }) },
    );
  };

  return { remove, renewCameraLogin, pending: deleteGate.isPending || renewCredentials.isPending };
}
