// The surveys module's public face: code outside server/src/modules/surveys imports only this file.
export * from './surveys.routes';
export * from './surveys.service';
