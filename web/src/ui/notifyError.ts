import { notifications } from '@mantine/notifications';

// Failures stay for two seconds (spec 3 §9); `detail` carries the server's text under the spec's message.
export function notifyError(message: string, detail?: string): void {
  notifications.show(
    detail && detail !== message
      ? { title: message, message: detail, color: 'red', autoClose: 2000 }
      : { message, color: 'red', autoClose: 2000 },
  );
}
