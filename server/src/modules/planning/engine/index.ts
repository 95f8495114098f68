export * from './types';
export { digOut, type DigOutOptions, type DigOutSearchFigures } from './dig-out';
