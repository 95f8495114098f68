export * from './route';
export * from './client';
export * from './catalogue';
export * from './fetch-transport';
export * from './multipart';
export * from './spec-catalogue';
