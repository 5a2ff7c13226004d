export { buildFallbackScript, fallbackEntryId } from './demo/build-fallback-script.ts';
export { type DemoEntry, demoCatalogue } from './demo/demo-catalogue.ts';
export { createDemoModel, demoModelId } from './demo/demo-model.ts';
export { lastUserText } from './demo/last-user-text.ts';
export { countKeywordHits, pickDemoEntry } from './demo/pick-demo-entry.ts';
export { ModelConfigError, type ModelConfigErrorCode } from './model-config-error.ts';
export type { ConfiguredModels, ModelSettings } from './model-settings.ts';
export {
  createProviderModel,
  isProviderName,
  type ProviderName,
  providerNames,
} from './providers/create-provider-model.ts';
export { createReplayModel } from './replay/replay-model.ts';
export { type ResolvedModel, resolveModel } from './resolve-model.ts';
export { resolveModels } from './resolve-models.ts';
export { loadModelScript } from './script/load-model-script.ts';
export {
  type ModelScript,
  type ModelScriptFormat,
  type ParseModelScriptResult,
  parseModelScript,
  type ScriptPart,
  type ScriptStep,
  type ScriptTextPart,
  type ScriptToolCallPart,
} from './script/model-script.ts';
export { countAssistantResponsesSinceLastUser } from './scripted/count-assistant-responses.ts';
export { estimateUsage } from './scripted/estimate-usage.ts';
export {
  createScriptedModel,
  defaultPacingSeed,
  defaultTokensPerSecond,
  type ScriptedModelOptions,
  type ScriptedModelPacing,
} from './scripted/scripted-language-model.ts';
export { splitIntoTokenPieces } from './scripted/split-into-token-pieces.ts';
