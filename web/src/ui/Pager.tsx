import { useState } from 'react';
import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { pageCount, pageJumpError } from '@openyard/contracts';

export interface PagerProps {
  page: number;
  pageSize: number;
  totalCount: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
  testId?: string;
}

// First/previous/next/last, "Page x of y", the total and a page jump (spec 1 §5).
export function Pager({ page, pageSize, totalCount, onPageChange, disabled = false, testId = 'pager' }: PagerProps) {
  const pages = pageCount(totalCount, pageSize);
  const [jump, setJump] = useState('');
  const [jumpError, setJumpError] = useState<string | null>(null);

  const go = (target: number) => {
    if (target !== page) onPageChange(target);
  };
  const submitJump = () => {
    const error = pageJumpError(jump.trim(), pages);
    setJumpError(error);
    if (error) return;
    setJump('');
    go(Number(jump.trim()));
  };

  const atStart = disabled || page <= 1;
  const atEnd = disabled || page >= pages;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" data-testid={testId}>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label="First page"
          data-testid={`${testId}-first`}
          disabled={atStart}
          onClick={() => go(1)}
        >
          <IconChevronsLeft size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label="Previous page"
          data-testid={`${testId}-previous`}
          disabled={atStart}
          onClick={() => go(page - 1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text size="sm" px={4} data-testid={`${testId}-status`}>
          Page {page} of {pages}
        </Text>
        <ActionIcon
          variant="subtle"
          aria-label="Next page"
          data-testid={`${testId}-next`}
          disabled={atEnd}
          onClick={() => go(page + 1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label="Last page"
          data-testid={`${testId}-last`}
          disabled={atEnd}
          onClick={() => go(pages)}
        >
          <IconChevronsRight size={16} />
        </ActionIcon>
        <Text size="sm" c="dimmed" pl="xs" data-testid={`${testId}-total`}>
          {totalCount} total
        </Text>
      </Group>
      <Group gap={4} align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          w={150}
          placeholder="Go to page"
          aria-label="Go to page"
          inputMode="numeric"
          data-testid={`${testId}-jump`}
          disabled={disabled}
          value={jump}
          error={jumpError}
          onChange={(event) => {
            setJump(event.currentTarget.value);
            setJumpError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submitJump();
          }}
        />
        <Button size="xs" variant="default" data-testid={`${testId}-jump-go`} disabled={disabled} onClick={submitJump}>
          Go
        </Button>
      </Group>
    </Group>
  );
}
