import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { exportRange, pageCount, type ExportPageType, type ExportResponse } from '@openyard/contracts';
import { downloadFile } from '../api/http';
import { AppModal } from './AppModal';
import { errorMessageOf } from './errorMessageOf';
import { notifyError } from './notifyError';

export interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  title?: string;
  currentPage: number;
  pageSize: number;
  totalCount: number;
  // Asks the server to write the file for these rows; the dialog downloads the returned path.
  onExport: (range: { startIndex: number; pageSize: number }) => Promise<ExportResponse>;
}

const toPage = (value: string | number): number | null => (typeof value === 'number' ? value : null);

// The export dialog of spec 3 §4/§5: choose current page, all pages or a range, then export and download.
export function ExportDialog({
  opened,
  onClose,
  title = 'Export',
  currentPage,
  pageSize,
  totalCount,
  onExport,
}: ExportDialogProps) {
  const [pageType, setPageType] = useState<ExportPageType | null>(null);
  const [fromPage, setFromPage] = useState<number | null>(null);
  const [toPageNumber, setToPageNumber] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const reset = () => {
    setPageType(null);
    setFromPage(null);
    setToPageNumber(null);
    setError(null);
  };
  const close = () => {
    if (exporting) return;
    reset();
    onClose();
  };

  const submit = async () => {
    const range = exportRange({ pageType, currentPage, pageSize, totalCount, fromPage, toPage: toPageNumber });
    if ('error' in range) {
      setError(range.error);
      return;
    }
    setError(null);
    setExporting(true);
    try {
      const { filePath } = await onExport(range);
      downloadFile(filePath);
      setExporting(false);
      reset();
      onClose();
    } catch (exportError) {
      // Spec 3 §8: an export failure is only logged; the short notice tells the operator nothing came.
      console.error('Export failed', exportError);
      notifyError('Export failed', errorMessageOf(exportError));
      setExporting(false);
    }
  };

  const pages = pageCount(totalCount, pageSize);
  // A range past the last page is cut there; the dialog says so before the export.
  const preview =
    pageType === 'range' && fromPage !== null && toPageNumber !== null
      ? exportRange({ pageType, currentPage, pageSize, totalCount, fromPage, toPage: toPageNumber })
      : null;
  const notice = preview && 'notice' in preview ? preview.notice : undefined;
  return (
    <AppModal opened={opened} onClose={close} title={title} centered size="sm">
      <Stack gap="sm">
        <Radio.Group
          label="Pages"
          value={pageType ?? ''}
          onChange={(value) => {
            setPageType(value as ExportPageType);
            setError(null);
          }}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="current" label={`Current page (${currentPage})`} data-testid="export-dialog-current" />
            <Radio value="all" label={`All pages (${pages})`} data-testid="export-dialog-all" />
            <Radio value="range" label={`Pages from – to (1 to ${pages})`} data-testid="export-dialog-range" />
          </Stack>
        </Radio.Group>
        {pageType === 'range' && (
          <Group grow>
            <NumberInput
              label="From page"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={fromPage ?? ''}
              onChange={(value) => {
                setFromPage(toPage(value));
                setError(null);
              }}
              data-testid="export-dialog-from"
            />
            <NumberInput
              label="To page"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              value={toPageNumber ?? ''}
              onChange={(value) => {
                setToPageNumber(toPage(value));
                setError(null);
              }}
              data-testid="export-dialog-to"
            />
          </Group>
        )}
        {notice && !error && (
          <Alert color="yellow" p="xs" data-testid="export-dialog-notice">
            <Text size="sm">{notice}</Text>
          </Alert>
        )}
        {error && (
          <Alert color="red" p="xs" data-testid="export-dialog-error">
            <Text size="sm">{error}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={close} disabled={exporting} data-testid="export-dialog-cancel">
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={exporting} data-testid="export-dialog-ok">
            OK
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
