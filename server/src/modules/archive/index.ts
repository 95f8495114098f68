export * from './archive.routes';
export * from './archive.service';
export { archiveRepository, sharedColumns } from './archive.repository';
