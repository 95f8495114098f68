import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface State {
  error: Error | null;
}

// A screen that fails to render (or whose code fails to load) shows this instead of a blank shell.
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Openyard: a screen failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="This screen could not be shown" maw={720}>
        <Stack gap="sm">
          <Text size="sm">Something went wrong while showing this screen. Reloading usually helps.</Text>
          <Code block>{error.message}</Code>
          <Group>
            <Button size="xs" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <Button size="xs" variant="default" onClick={() => this.setState({ error: null })}>
              Try again
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
}
