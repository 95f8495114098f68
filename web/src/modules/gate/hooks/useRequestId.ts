import { useCallback, useRef } from 'react';
import { newRequestId } from '../utils/newRequestId';

// The request id of the transaction a form holds: the same while the form's values are the same
// object (a confirmed retry, a second click, a retry after a lost answer), a new one once the clerk
// changed anything or the transaction went through (`done`).
export function useRequestId<T>() {
  const current = useRef<{ id: string; values: T } | null>(null);
  const idFor = useCallback((values: T) => {
    if (current.current?.values !== values) current.current = { id: newRequestId(), values };
    return current.current.id;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { idFor, done };
}
