import { Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { PAGE_SIZES, routes } from '@openyard/contracts';
import { useScreenAccess } from '../../../app/hooks/useScreenAccess';
import { metadataState } from '../../../app/states/metadataState';
import { SheetListTab } from '../../trailers/components/SheetListTab';
import { usePreAdviceColumns } from '../hooks/usePreAdviceColumns';
import { usePreAdvices } from '../hooks/usePreAdvices';
import { usePreAdviceWrites } from '../hooks/usePreAdviceWrites';
import { PreAdviceFormModal } from './PreAdviceFormModal';

// /pre-advice (issue 16): the gate-ins the depot expects, which the smart gate's IN lanes rank their
// OCR reads against. Kept by hand or by sheet (xlsx or csv, one result per row); a pre-advice closes
// when its container gates in. Writing is a create on this screen (the catalogue's access).
export function PreAdvicePage() {
  const access = useScreenAccess({ write: routes.preAdvices.create.access });
  const timeZone = useAtomValue(metadataState)?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const columns = usePreAdviceColumns(timeZone);
  const writes = usePreAdviceWrites(access?.user.userName ?? '');
  if (!access) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Containers expected at the IN gates. The smart gate offers them for a misread number; a gate-in of the container
        closes its pre-advice. Sheet columns: container number, expected from, expected to, liner, process, category,
        size, type, trailer.
      </Text>
      <SheetListTab
        testId="pre-advices"
        label="Pre-advices"
        uploadTitle="Upload of pre-advices"
        searchPlaceholder="Search container or trailer number"
        emptyText="No pre-advices"
        access={access}
        pageSize={PAGE_SIZES.preAdvices}
        useRows={usePreAdvices}
        columns={columns}
        remove={writes.remove}
        upload={writes.upload}
        nameOf={(preAdvice) => `pre-advice ${preAdvice.containerNumber}`}
        renderForm={(preAdvice, onClose) => (
          <PreAdviceFormModal preAdvice={preAdvice} timeZone={timeZone} save={writes.save} onClose={onClose} />
        )}
      />
    </Stack>
  );
}
