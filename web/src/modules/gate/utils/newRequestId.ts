// A transaction's request id (contracts RequestId: ^[A-Za-z0-9_-]+$, 8–64 characters): a UUID
// without its dashes. The same id goes with a retry of the same transaction, so that a double
// click or a confirmed retry creates nothing twice.
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
