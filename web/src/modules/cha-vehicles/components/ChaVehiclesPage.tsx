import { useState } from 'react';
import { Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { routes, type ChaAgent } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { DataTable } from '../../../ui/DataTable';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { ReadOnlyBadge, WriteGuard } from '../../../ui/WriteGuard';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { useChaAgents } from '../hooks/useChaAgents';
import { useChaLive } from '../hooks/useChaLive';
import { useChaWrites } from '../hooks/useChaWrites';
import { ChaAgentFormModal } from './ChaAgentFormModal';
import { ChaAgentPanel } from './ChaAgentPanel';

const columns = [
  { id: 'name', header: 'Agent', accessorFn: (agent: ChaAgent) => agent.name },
  { id: 'registrationNumber', header: 'Registration', accessorFn: (agent: ChaAgent) => agent.registrationNumber },
];

// /cha-vehicles (spec 1 §2 CHA vehicles screen): agent search, agent list, and the chosen agent's
// contacts and current allocation of vehicles per delivery type with its equipments. The CHA
// allocation of spec 1 §2's route list lives here too: /allocations is the machine allocation
// screen of spec 2 (web/src/app/utils/specScreens.ts says why).
export function ChaVehiclesPage() {
  const access = useScreenAccess({ write: routes.cha.createAllocation.access });
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const agents = useChaAgents(debounced);
  const writes = useChaWrites();
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const liveRefusal = useChaLive();
  if (!access) return null;

  const list = agents.data ?? [];
  const selected = list.find((agent) => String(agent.id) === selectedKeys[0]) ?? null;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="md">
          <Title order={3}>CHA Vehicles</Title>
          <ReadOnlyBadge reason={access.readOnlyReason} testId="cha-read-only" />
        </Group>
        <WriteGuard reason={access.readOnlyReason}>
          <Button
            leftSection={<IconPlus size={16} />}
            variant="light"
            onClick={() => setAdding(true)}
            data-testid="cha-add-agent"
          >
            Add agent
          </Button>
        </WriteGuard>
      </Group>
      <LiveUnavailableNotice refusal={liveRefusal} />
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="xs">
            <TextInput
              placeholder="Search agents by name or registration number"
              aria-label="Search agents"
              leftSection={<IconSearch size={16} />}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              data-autofocus
              data-testid="cha-search"
            />
            <DataTable
              columns={columns}
              rows={list}
              rowKey={(agent) => String(agent.id)}
              loading={agents.isPending}
              error={agents.error ? errorMessageOf(agents.error) : null}
              onRetry={() => void agents.refetch()}
              emptyText={debounced ? 'No agent matches the search' : 'No agents yet'}
              selection={{ mode: 'single', selectedKeys, onChange: setSelectedKeys }}
              dense
              minWidth={320}
              label="Agents"
              testId="cha-agents-table"
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected ? (
            <ChaAgentPanel key={selected.id} agent={selected} access={access} writes={writes} />
          ) : (
            <Paper withBorder p="lg">
              <Text c="dimmed" data-testid="cha-no-agent">
                Choose an agent to see its contacts and its vehicle allocation.
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
      {adding && (
        <ChaAgentFormModal
          save={writes.createAgent}
          onClose={() => setAdding(false)}
          onSaved={(agent) => {
            setQuery('');
            setSelectedKeys([String(agent.id)]);
          }}
        />
      )}
    </Stack>
  );
}
