import { ScreensNav } from '../../../ui/ScreensNav';

// The machines' screens (spec 3 §2 "machines (also active on allocations)"; spec 2 §2 machine
// shifts): links between them, those this build has. The machines screen may show it too.
const MACHINE_SCREENS = [
  { path: '/machines', label: 'Machines' },
  { path: '/shifts', label: 'Shifts' },
  { path: '/allocations', label: 'Allocations' },
];

export function MachineScreensNav() {
  return <ScreensNav screens={MACHINE_SCREENS} label="Machine screens" testId="machine-screens-nav" />;
}
