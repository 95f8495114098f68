import { Select } from '@mantine/core';
import type { Gate } from '@openyard/contracts';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useSaveReader } from '../hooks/useSaveReader';
import { useUnusedReaders } from '../hooks/useUnusedReaders';
import { readerInputOf } from '../utils/readerInputOf';

// Puts a reader that is on no gate onto this gate.
export function AttachReader({ gate, disabled }: { gate: Gate; disabled: boolean }) {
  const unused = useUnusedReaders(!disabled);
  const save = useSaveReader({ success: (reply) => `Reader ${reply.reader.name} attached to ${gate.name}` });
  const options = (unused.data ?? []).map((reader) => ({
    value: String(reader.id),
    label: `${reader.name} (${reader.ip})`,
  }));

  const attach = (value: string | null) => {
    const reader = unused.data?.find((candidate) => String(candidate.id) === value);
    if (!reader) return;
    save.mutate({ id: reader.id, input: { ...readerInputOf(reader), gate: { id: gate.id } } });
  };

  return (
    <Select
      size="xs"
      w={240}
      placeholder={options.length ? 'Attach an unused reader…' : 'No unused readers'}
      aria-label={`Attach a reader to gate ${gate.name}`}
      data={options}
      value={null}
      onChange={attach}
      searchable
      disabled={disabled || save.isPending || options.length === 0}
      error={unused.error ? errorMessageOf(unused.error) : undefined}
      data-testid={`gate-attach-reader-${gate.id}`}
    />
  );
}
