import type { LiveMessage } from '@openyard/contracts';

// The `default` of every exhaustive switch on a live message type: the compiler insists that every
// type of the union has its case; at run time a type from a newer server is ignored, not fatal.
export function unhandledLiveMessage(message: never): void {
  console.warn('Openyard: live message of an unknown type ignored', (message as LiveMessage | undefined)?.type);
}
