// The ocr module's public face: code outside server/src/modules/ocr imports only this file, and
// the module's tables through server/src/db/schema.ts (eslint).
export * from './ocr-frames';
export * from './ocr.repository';
export * from './ocr.routes';
export * from './ocr.service';
