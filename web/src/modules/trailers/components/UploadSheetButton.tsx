import { useRef } from 'react';
import { Button, FileButton } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { WriteGuard } from '../../../ui/WriteGuard';

// Chooses an xlsx or csv sheet to upload (spec 3 §7), behind WriteGuard. The choice is cleared
// after each file, so that the same file, corrected, can be chosen again.
export function UploadSheetButton({
  readOnlyReason,
  uploading,
  onFile,
  testId,
}: {
  readOnlyReason: string | null;
  uploading: boolean;
  onFile: (file: File) => void;
  testId: string;
}) {
  const reset = useRef<() => void>(null);
  return (
    <FileButton
      resetRef={reset}
      onChange={(file) => {
        if (file) onFile(file);
        reset.current?.();
      }}
      accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      inputProps={{ 'data-testid': `${testId}-file` } as Record<string, string>}
    >
      {(props) => (
        <WriteGuard reason={readOnlyReason}>
          <Button
            {...props}
            size="xs"
            variant="default"
            leftSection={<IconUpload size={14} />}
            loading={uploading}
            data-testid={testId}
          >
            Upload
          </Button>
        </WriteGuard>
      )}
    </FileButton>
  );
}
