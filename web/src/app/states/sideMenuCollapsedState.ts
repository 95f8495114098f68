import { atomWithStorage } from 'jotai/utils';

// The side menu's collapse choice is remembered on the device (spec 2 §2).
export const sideMenuCollapsedState = atomWithStorage<boolean>('openyard.sideMenuCollapsed', false, undefined, {
  getOnInit: true,
});
sideMenuCollapsedState.debugLabel = 'sideMenuCollapsedState';
