export {
  type OfficialA2uiExample,
  officialA2uiExamples,
  officialA2uiSchemaFolder,
} from './official-a2ui-examples.ts';
export { splitAt } from './split-at.ts';
