import { containers } from './routes/containers';

// Every REST call of the product, by module: the server registers from here, clients call from here.
// A new module adds its group file under routes/ and one line below.
export const routes = {
  containers,
};

export type Routes = typeof routes;
