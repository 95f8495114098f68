import { notifications } from '@mantine/notifications';

// The spec's "alert with the server response" (delete and update failures) stays for five seconds (spec 3 §9).
export function notifyAlert(message: string, title?: string): void {
  notifications.show({ title, message, color: 'red', autoClose: 5000 });
}
