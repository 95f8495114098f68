import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconKey, IconLinkOff, IconPencil, IconTrash } from '@tabler/icons-react';
import { useSetAtom } from 'jotai';
import type { GateReader } from '@openyard/contracts';
import { useReaderActions } from '../hooks/useReaderActions';
import { readerEditorState } from '../states/readerEditorState';

// Update, disassociate, renew credentials and delete for one reader row.
export function ReaderActions({ reader, canWrite }: { reader: GateReader; canWrite: boolean }) {
  const actions = useReaderActions();
  const openEditor = useSetAtom(readerEditorState);
  const disabled = !canWrite || actions.pending;
  return (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label="Update reader (E, or Enter on the row)">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={disabled}
          onClick={() => openEditor({ reader })}
          aria-label={`Update reader ${reader.name}`}
          data-testid={`reader-edit-${reader.id}`}
        >
          <IconPencil size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={reader.gate ? `Disassociate from ${reader.gate.name}` : 'Not on a gate'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={disabled || reader.gate === null}
          onClick={() => void actions.disassociate(reader)}
          aria-label={`Disassociate reader ${reader.name}`}
          data-testid={`reader-disassociate-${reader.id}`}
        >
          <IconLinkOff size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Renew MQTT credentials">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          disabled={disabled}
          onClick={() => void actions.renew(reader)}
          aria-label={`Renew credentials of reader ${reader.name}`}
          data-testid={`reader-renew-${reader.id}`}
        >
          <IconKey size={15} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete reader (Delete key on the row)">
        <ActionIcon
          variant="subtle"
          color="red"
          size="sm"
          disabled={disabled}
          onClick={() => void actions.remove(reader)}
          aria-label={`Delete reader ${reader.name}`}
          data-testid={`reader-delete-${reader.id}`}
        >
          <IconTrash size={15} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
