import { Alert, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useAtom, useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router';
import { messages, type LoginBody } from '@openyard/contracts';
import { ApiError, isUnreachableStatus } from '../../../api/http';
import { ProductMark } from '../../../app/components/ProductMark';
import { currentUserState } from '../../../app/states/currentUserState';
import { loginNoticeState } from '../../../app/states/loginNoticeState';
import { metadataState } from '../../../app/states/metadataState';
import { landingPathFor } from '../../../app/utils/landingPathFor';
import { redirectTarget } from '../../../app/utils/redirectTarget';
import { useLogin } from '../hooks/useLogin';
import { ServerUnreachableFlag } from './ServerUnreachableFlag';

function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return error.message || messages.loginFailed;
    if (error.status === 429) return error.message || messages.loginRateLimited;
    return error.message;
  }
  return messages.unknownError;
}

// Login at '/' and '/login' (spec 1 §2). With a session it forwards to the page the user wanted,
// else to their landing page when this build has it, else to the home page (spec 3 §2).
export function LoginPage() {
  const user = useAtomValue(currentUserState);
  const metadata = useAtomValue(metadataState);
  const [notice, setNotice] = useAtom(loginNoticeState);
  const location = useLocation();
  const login = useLogin();
  const form = useForm<LoginBody>({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: {
      username: (value) => (value.trim() ? null : 'Enter your username'),
      password: (value) => (value ? null : 'Enter your password'),
    },
  });

  if (user) return <Navigate to={redirectTarget(location.state) ?? landingPathFor(user, metadata)} replace />;

  const submit = form.onSubmit((values) => {
    setNotice(null);
    login.mutate({ username: values.username.trim(), password: values.password });
  });
  // Unreachable and 502/503/504 are reported by the app-wide handler (flag or modal), not twice here.
  const unreachable = login.error instanceof ApiError && isUnreachableStatus(login.error.status);

  return (
    <Center mih="100vh" p="md" bg="dark.8">
      <Stack w="100%" maw={380} gap="lg">
        <Stack gap={4} align="center">
          <ProductMark size="lg" />
          <Text c="dimmed" size="sm">
            Container yard management
          </Text>
        </Stack>
        {location.pathname === '/' && <ServerUnreachableFlag />}
        <Paper p="lg" radius="md" shadow="md">
          <Box component="form" onSubmit={submit} noValidate aria-label="Log in">
            <Stack gap="md">
              {notice && (
                <Alert color="yellow" variant="light" icon={<IconInfoCircle />} data-testid="login-notice">
                  {notice}
                </Alert>
              )}
              {login.isError && !unreachable && (
                <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="login-error">
                  {loginErrorText(login.error)}
                </Alert>
              )}
              <TextInput label="Username" autoComplete="username" autoFocus {...form.getInputProps('username')} />
              <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
              <Button type="submit" fullWidth loading={login.isPending} mt="xs">
                Log in
              </Button>
            </Stack>
          </Box>
        </Paper>
      </Stack>
    </Center>
  );
}
