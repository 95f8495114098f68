import { visibleMenuEntries, type MenuEntry, type Metadata, type UserInfo } from '@openyard/contracts';
import { featureFlagsOf } from './featureFlagsOf';
import { principalOf } from './principalOf';
import { screenRegistry, type ScreenDefinition } from './screenRegistry';

export interface VisibleScreen {
  entry: MenuEntry;
  screen: ScreenDefinition;
}

// The menu entries the user may see (spec 3 §6) that this build has a screen for, in menu order.
export function visibleScreensFor(user: UserInfo, metadata: Metadata | null): VisibleScreen[] {
  return visibleMenuEntries(principalOf(user), featureFlagsOf(metadata)).flatMap((entry) => {
    const screen = screenRegistry.find((candidate) => candidate.path === entry.path);
    return screen ? [{ entry, screen }] : [];
  });
}
