import { useState } from 'react';
import { Button, Group, Paper, Stack, TagsInput, Text, Title } from '@mantine/core';
import { CHA_CONTACTS_MAX, type ChaAgent } from '@openyard/contracts';
import type { ScreenAccess } from '../../../app/utils/screenAccessOf';
import { WriteGuard } from '../../../ui/WriteGuard';
import type { useChaWrites } from '../hooks/useChaWrites';
import { ChaAllocationForm } from './ChaAllocationForm';

// The chosen agent (spec 1 §2 "per-agent allocation and contacts"): its contacts, saved on their
// own (PUT cha/{id}/contacts), and its current allocation.
export function ChaAgentPanel({
  agent,
  access,
  writes,
}: {
  agent: ChaAgent;
  access: ScreenAccess;
  writes: ReturnType<typeof useChaWrites>;
}) {
  const [contacts, setContacts] = useState<string[]>(agent.contacts);
  const changed = contacts.join('\n') !== agent.contacts.join('\n');
  return (
    <Stack gap="sm" data-testid="cha-agent-panel">
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4} data-testid="cha-agent-name">
              {agent.name}
            </Title>
            <Text size="sm" c="dimmed">
              Registration {agent.registrationNumber}
            </Text>
          </div>
        </Group>
        <Group align="flex-end" mt="sm" wrap="nowrap">
          <TagsInput
            label="Contacts"
            description="Phone numbers or e-mail addresses; Enter after each"
            value={contacts}
            onChange={setContacts}
            maxTags={CHA_CONTACTS_MAX}
            disabled={access.readOnlyReason !== null}
            style={{ flex: 1 }}
            data-testid="cha-contacts"
          />
          <WriteGuard reason={access.readOnlyReason}>
            <Button
              variant="light"
              disabled={!changed}
              loading={writes.saveContacts.isPending}
              onClick={() => writes.saveContacts.mutate({ agentId: agent.id, contacts })}
              data-testid="cha-contacts-save"
            >
              Save contacts
            </Button>
          </WriteGuard>
        </Group>
      </Paper>
      <ChaAllocationForm agentId={agent.id} access={access} save={writes.saveAllocation} />
    </Stack>
  );
}
