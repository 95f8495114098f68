import { notifications } from '@mantine/notifications';

// Success messages disappear after about a second (spec 3 §9).
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: 1000 });
}
