export * from './permissions';
export * from './menu';
export * from './password';
export * from './paging';
export * from './export-range';
export * from './health';
export * from './live-topics';
export * from './iso6346';
