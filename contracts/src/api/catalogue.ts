import { archive } from './routes/archive';
import { auth, metadata } from './routes/auth';
import { batch } from './routes/batch';
import { cha } from './routes/cha';
import { configuration } from './routes/configuration';
import { containers } from './routes/containers';
import { enterpriseDashboard } from './routes/dashboard';
import { deviceLogs } from './routes/device-logs';
import { displayTokens } from './routes/display-tokens';
import { exportFiles } from './routes/exports';
import { gateOperations } from './routes/gate-operations';
import { gates } from './routes/gates';
import { inventory } from './routes/inventory';
import { kiosk } from './routes/kiosk';
import { machines } from './routes/machines';
import { machineAllocations } from './routes/machine-allocations';
import { machineShifts } from './routes/machine-shifts';
import { masterData } from './routes/master-data';
import { cameras, ocr } from './routes/ocr';
import { planning } from './routes/planning';
import { preAdvices } from './routes/pre-advices';
import { reports } from './routes/reports';
import { roles } from './routes/roles';
import { smartGate } from './routes/smart-gate';
import { surveys } from './routes/surveys';
import { taskDashboard } from './routes/task-dashboard';
import { tasks } from './routes/tasks';
import { trailers } from './routes/trailers';
import { users } from './routes/users';
import { yard } from './routes/yard';
import { yardLocations } from './routes/yard-locations';

// Every REST call of the product, by module: the server registers from here, clients call from here.
// A new module adds its group file under routes/ and one line below.
export const routes = {
  auth,
  metadata,
  yard,
  inventory,
  containers,
  configuration,
  masterData,
  users,
  roles,
  exports: exportFiles,
  gates,
  deviceLogs,
  machines,
  ocr,
  cameras,
  gateOperations,
  trailers,
  smartGate,
  tasks,
  machineShifts,
  machineAllocations,
  preAdvices,
  reports,
  enterpriseDashboard,
  displayTokens,
  taskDashboard,
  planning,
  cha,
  yardLocations,
  archive,
  batch,
  surveys,
  kiosk,
};

export type Routes = typeof routes;
