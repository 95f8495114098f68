import { useState } from 'react';
import { Group, Image, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal';
import { useFrameImage } from '../../gate/hooks/useFrameImage';
import { framePathOf } from '../utils/framePath';

// How many thumbnails a report row shows; the larger view steps through all of them.
const SHOWN = 4;

function FrameImage({ path, alt, height, testId }: { path: string; alt: string; height: number; testId: string }) {
  const url = useFrameImage(framePathOf(path));
  return url ? (
    <Image src={url} h={height} w="auto" fit="contain" radius="xs" alt={alt} data-testid={testId} />
  ) : (
    <Skeleton height={height} width={Math.round((height * 4) / 3)} />
  );
}

// A report row's snapshots (spec 2 §2 "report rows can show the dispatch snapshots"): small
// thumbnails through the frame route; a click opens the larger view, with the row's other images
// to switch to.
export function SnapshotThumbnails({
  images,
  label,
  testId,
}: {
  images: readonly string[];
  label: string;
  testId: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const current = open === null ? null : images[open];
  return (
    <>
      <Group gap={4} wrap="nowrap" data-testid={testId}>
        {images.slice(0, SHOWN).map((path, index) => (
          <UnstyledButton
            key={path}
            onClick={() => setOpen(index)}
            aria-label={`Open snapshot ${index + 1} of ${label}`}
            data-testid={`${testId}-${index}`}
          >
            <FrameImage
              path={path}
              alt={`Snapshot ${index + 1} of ${label}`}
              height={36}
              testId={`${testId}-thumb-${index}`}
            />
          </UnstyledButton>
        ))}
        {images.length > SHOWN && (
          <Text size="xs" c="dimmed">
            +{images.length - SHOWN}
          </Text>
        )}
      </Group>
      <AppModal
        opened={current !== null && current !== undefined}
        onClose={() => setOpen(null)}
        title={label}
        size="xl"
        centered
      >
        {current && (
          <Stack gap="sm" data-testid={`${testId}-view`}>
            <FrameImage
              path={current}
              alt={`Snapshot ${(open ?? 0) + 1} of ${label}`}
              height={480}
              testId={`${testId}-large`}
            />
            {images.length > 1 && (
              <Group gap={4}>
                {images.map((path, index) => (
                  <UnstyledButton
                    key={path}
                    onClick={() => setOpen(index)}
                    aria-label={`Snapshot ${index + 1}`}
                    aria-current={index === open}
                    style={{ outline: index === open ? '2px solid var(--mantine-color-blue-6)' : undefined }}
                  >
                    <FrameImage
                      path={path}
                      alt={`Snapshot ${index + 1} of ${label}`}
                      height={48}
                      testId={`${testId}-pick-${index}`}
                    />
                  </UnstyledButton>
                ))}
              </Group>
            )}
          </Stack>
        )}
      </AppModal>
    </>
  );
}
