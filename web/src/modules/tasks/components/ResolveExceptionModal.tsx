import { useState } from 'react';
import { Stack, Text, Textarea } from '@mantine/core';
import type { YardException } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { FormModal } from '../../../ui/FormModal';
import type { useYardExceptions } from '../hooks/useYardExceptions';

// Resolving a yard exception: what the control room did about it, kept with it.
export function ResolveExceptionModal({
  exception,
  resolve,
  onClose,
}: {
  exception: YardException;
  resolve: ReturnType<typeof useYardExceptions>['resolve'];
  onClose: () => void;
}) {
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <FormModal
      title="Resolve yard exception"
      onClose={onClose}
      onSubmit={() =>
        resolve.mutate(
          { id: exception.id, resolution: resolution.trim() },
          { onSuccess: onClose, onError: (refusal) => setError(errorMessageOf(refusal)) },
        )
      }
      saving={resolve.isPending}
      error={error}
      submitLabel="Resolve"
      submitName="resolve"
      submitDisabled={!resolution.trim()}
      testId="resolve-exception"
    >
      <Stack gap="xs">
        <Text size="sm">{exception.message}</Text>
        <Textarea
          label="What was done"
          placeholder="Container checked on site and put in its slot by the inventory screen"
          value={resolution}
          onChange={(event) => setResolution(event.currentTarget.value)}
          maxLength={300}
          autosize
          minRows={2}
          data-autofocus
          data-testid="resolve-exception-text"
        />
      </Stack>
    </FormModal>
  );
}
