import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { isAllowed, type Access } from '@openyard/contracts';
import { currentUserState } from '../../../app/states/currentUserState';
import { principalOf } from '../../../app/utils/principalOf';

// Whether the signed-in user may make a call the screen uses beside its own (the machines' places,
// a container's position): the server's rule for the call's access in the catalogue. A screen asks
// only what it may, and falls back where it may not (the machine ALL, spec 3 §5).
export function useMayCall(access: Access): boolean {
  const user = useAtomValue(currentUserState);
  const { pathname } = useLocation();
  return user !== null && isAllowed(access, principalOf(user), pathname);
}
