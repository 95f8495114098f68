import { Button, Group } from '@mantine/core';
import { WriteGuard } from '../../../ui/WriteGuard';

// Submit (Enter in any field, or Alt+S) and reset (Alt+R) of a gate form; the submit is a write
// behind the screen's access.
export function FormActions({
  submitLabel,
  saving,
  readOnlyReason,
  testId,
}: {
  submitLabel: string;
  saving: boolean;
  readOnlyReason: string | null;
  testId: string;
}) {
  return (
    <Group gap="xs" mt="sm">
      <WriteGuard reason={readOnlyReason}>
        <Button type="submit" loading={saving} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </WriteGuard>
      <Button type="reset" variant="default" data-testid={`${testId}-reset`}>
        Reset
      </Button>
    </Group>
  );
}
