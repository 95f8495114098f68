export * from '../modules/roles/roles.table';
export * from '../modules/users/users.table';
export * from '../modules/auth/sessions.table';
export * from '../modules/yard/yard.table';
export * from '../modules/master-data/master-data.table';
