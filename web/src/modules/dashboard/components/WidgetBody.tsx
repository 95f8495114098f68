import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { metadataState } from '../../../app/states/metadataState';
import { ListState } from '../../../ui/ListState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { formatDateTime } from '../../../ui/formatDateTime';

const FOOTER = 16;

// A widget's figures: the one loading and error state (ListState), then the chart drawn in the
// room left above a line that says when the figures were read (in the yard's time).
export function WidgetBody<T extends { asOf: number }>({
  query,
  height,
  count,
  emptyText,
  testId,
  children,
}: {
  query: UseQueryResult<T>;
  height: number;
  count: (data: T) => number;
  emptyText?: string;
  testId: string;
  children: (data: T, height: number) => ReactNode;
}) {
  const timeZone = useAtomValue(metadataState)?.timeZone;
  const data = query.data;
  return (
    <Stack gap={0} h={height} data-testid={testId}>
      <ListState
        loading={query.isPending}
        error={query.error ? errorMessageOf(query.error) : null}
        count={data ? Math.max(1, count(data)) : 0}
        emptyText={emptyText}
        onRetry={() => void query.refetch()}
        testId={testId}
      />
      {data && (
        <>
          {count(data) === 0 && (
            <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
              {emptyText ?? 'Nothing to show'}
            </Text>
          )}
          {count(data) > 0 && children(data, height - FOOTER)}
          <Text size="10px" c="dimmed" ta="right" mt="auto" data-testid={`${testId}-as-of`} data-as-of={data.asOf}>
            {`as of ${formatDateTime(data.asOf, timeZone).slice(11)}`}
          </Text>
        </>
      )}
    </Stack>
  );
}
