import { auth } from './routes/auth';
import { configuration } from './routes/configuration';
import { containers } from './routes/containers';
import { deviceLogs } from './routes/device-logs';
import { gates } from './routes/gates';
import { inventory } from './routes/inventory';
import { masterData } from './routes/master-data';
import { metadata } from './routes/metadata';
import { roles } from './routes/roles';
import { users } from './routes/users';
import { yard } from './routes/yard';

// Every REST call of the product, by module: the server registers from here, clients call from here.
// A new module adds its group file under routes/ and one line below.
export const routes = {
  auth,
  metadata,
  yard,
  inventory,
  configuration,
  containers,
  masterData,
  users,
  roles,
  gates,
  deviceLogs,
};

export type Routes = typeof routes;
