import { useSetAtom } from 'jotai';
import { messages, type GateReader } from '@openyard/contracts';
import { confirmDialog } from '../../../ui/confirmDialog';
import { shownCredentialsState } from '../states/shownCredentialsState';
import { useDeleteReader } from './useDeleteReader';
import { useDisassociateReader } from './useDisassociateReader';
import { useRenewCredentials } from './useRenewCredentials';

// Delete, disassociate and renew credentials of one reader, each behind its confirmation (spec 1 §8).
export function useReaderActions() {
  const deleteReader = useDeleteReader();
  const disassociateReader = useDisassociateReader();
  const renewCredentials = useRenewCredentials();
  const showCredentials = useSetAtom(shownCredentialsState);

  const remove = async (reader: GateReader) => {
    const confirmed = await confirmDialog({
      title: `Delete reader ${reader.name}`,
      message: messages.confirmDelete,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    deleteReader.mutate(reader);
  };

  const disassociate = async (reader: GateReader) => {
    const gate = reader.gate;
    if (!gate) return;
    const confirmed = await confirmDialog({
      title: `Disassociate reader ${reader.name} from ${gate.name}`,
      message: messages.confirmDisassociateReader,
      confirmLabel: 'Disassociate',
      danger: true,
    });
    if (!confirmed) return;
    disassociateReader.mutate({ gate, reader });
  };

  const renew = async (reader: GateReader) => {
    const confirmed = await confirmDialog({
      title: `Renew credentials of reader ${reader.name}`,
      message: 'The reader gets a new MQTT password and the current one stops working at once. Continue?',
      confirmLabel: 'Renew',
      danger: true,
    });
    if (!confirmed) return;
    renewCredentials.mutate(
      { kind: 'reader', id: reader.id },
      { onSuccess: (credentials) => showCredentials({ title: `New login of reader ${reader.name}`, credentials }) },
    );
  };

  return {
    remove,
    disassociate,
    renew,
    pending: deleteReader.isPending || disassociateReader.isPending || renewCredentials.isPending,
  };
}
