// The reports module's public face: code outside server/src/modules/reports imports only this file.
export * from './reports.routes';
export * from './reports.service';
