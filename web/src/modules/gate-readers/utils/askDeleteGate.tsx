import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages, type Gate } from '@openyard/contracts';

export type DeleteGateChoice = { deleteReaders: boolean } | null;

// Deleting a gate asks whether its readers go too (spec 1 §8); a gate without readers only asks
// for the usual confirmation. Resolves null when the user changes their mind.
export function askDeleteGate(gate: Gate): Promise<DeleteGateChoice> {
  return new Promise((resolve) => {
    let settled = false;
    const id = `delete-gate-${gate.id}`;
    const finish = (choice: DeleteGateChoice) => {
      if (settled) return;
      settled = true;
      resolve(choice);
      modals.close(id);
    };
    const readerCount = gate.readers.length;
    modals.open({
      modalId: id,
      title: `Delete gate ${gate.name}`,
      centered: true,
      size: 'lg',
      onClose: () => finish(null),
      children: (
        <Stack gap="sm">
          <Text size="sm">
            {readerCount > 0
              ? `${messages.confirmDeleteGateReaders} (${readerCount} reader${readerCount === 1 ? '' : 's'})`
              : messages.confirmDelete}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => finish(null)} data-testid="delete-gate-cancel">
              Cancel
            </Button>
            {readerCount > 0 ? (
              <>
                <Button
                  variant="default"
                  color="red"
                  onClick={() => finish({ deleteReaders: false })}
                  data-testid="delete-gate-keep-readers"
                >
                  No, keep the readers
                </Button>
                <Button
                  color="red"
                  onClick={() => finish({ deleteReaders: true })}
                  data-testid="delete-gate-with-readers"
                >
                  Yes, delete the readers too
                </Button>
              </>
            ) : (
              <Button color="red" onClick={() => finish({ deleteReaders: false })} data-testid="delete-gate-ok">
                Delete
              </Button>
            )}
          </Group>
        </Stack>
      ),
    });
  });
}
