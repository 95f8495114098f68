import { useCallback, useEffect, useRef, useState } from 'react';

export type TransactionStatus =
  { kind: 'idle' } | { kind: 'working' } | { kind: 'success'; text: string } | { kind: 'error'; text: string };

// A gate form's flow (spec 1 §4: form, in-process, then success or an error message): the
// success clears itself after `clearAfterMs` when given (and runs `onCleared`), else stays until
// the next transaction.
export function useTransactionStatus() {
  const [status, setStatus] = useState<TransactionStatus>({ kind: 'idle' });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = useCallback((next: TransactionStatus) => {
    window.clearTimeout(timer.current);
    setStatus(next);
  }, []);
  const succeed = useCallback((text: string, clearAfterMs?: number, onCleared?: () => void) => {
    window.clearTimeout(timer.current);
    setStatus({ kind: 'success', text });
    if (clearAfterMs === undefined) return;
    timer.current = window.setTimeout(() => {
      setStatus({ kind: 'idle' });
      onCleared?.();
    }, clearAfterMs);
  }, []);

  return {
    status,
    working: useCallback(() => set({ kind: 'working' }), [set]),
    fail: useCallback((text: string) => set({ kind: 'error', text }), [set]),
    clear: useCallback(() => set({ kind: 'idle' }), [set]),
    succeed,
  };
}
