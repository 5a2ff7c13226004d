export { splitAt } from './split-at.ts';
