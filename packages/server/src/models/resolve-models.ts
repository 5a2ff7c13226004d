import type { DemoEntry } from './demo/demo-catalogue.ts';
import type { ConfiguredModels } from './model-settings.ts';
import { type ResolvedModel, resolveModel } from './resolve-model.ts';

/** Builds every model a chat may pick (`config.model`), the default first; one when only the default is set. */
export function resolveModels(
  settings: ConfiguredModels,
  options: { demoCatalogue?: readonly DemoEntry[] } = {},
): ResolvedModel[] {
  return (settings.choices ?? [settings]).map((choice) => resolveModel(choice, options));
}
