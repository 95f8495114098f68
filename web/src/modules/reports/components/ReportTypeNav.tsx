import { Badge, NavLink, Stack, Text } from '@mantine/core';
import type { ReportKey } from '@openyard/contracts';
import { reportGroupsOf } from '../utils/reportGroups';

const groups = reportGroupsOf();

// The report types of spec 2 §9 under their section's heading; the chosen one is current.
export function ReportTypeNav({ value, onChange }: { value: ReportKey; onChange: (key: ReportKey) => void }) {
  return (
    <Stack
      gap={2}
      component="nav"
      aria-label="Report types"
      w={250}
      style={{ flexShrink: 0 }}
      data-testid="reports-types"
    >
      {groups.map((group) => (
        <Stack key={group.section} gap={0} mb={6}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
            {group.label}
          </Text>
          {group.types.map((type) => (
            <NavLink
              key={type.key}
              component="button"
              type="button"
              active={type.key === value}
              aria-current={type.key === value ? 'page' : undefined}
              label={type.name}
              leftSection={
                <Badge size="sm" variant={type.key === value ? 'filled' : 'light'} w={34} px={0} radius="sm">
                  {type.id}
                </Badge>
              }
              onClick={() => onChange(type.key)}
              py={5}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              data-testid={`reports-type-${type.key}`}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
