import { Center, Stack, Text } from '@mantine/core';

// A whole-screen sentence for the wall (signing in, a refused token), readable across the room.
export function WallNotice({ title, detail, testId }: { title: string; detail?: string; testId: string }) {
  return (
    <Center h="100vh" bg="#05070a" c="#f8f9fa" data-testid={testId}>
      <Stack align="center" gap="md" maw="80vw">
        <Text fz="4vh" fw={700} ta="center">
          {title}
        </Text>
        {detail && (
          <Text fz="2.6vh" c="#adb5bd" ta="center">
            {detail}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
