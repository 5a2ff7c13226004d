import type { ProviderName } from './providers/create-provider-model.ts';

/**
 * The model a configuration chose, checked: the offline demo, a recorded reply played on every turn, or a
 * provider's model with what it needs. `pace` is tokens per second (0: no delay; unset: the scripted default).
 */
export type ModelSettings =
  | { kind: 'demo'; pace: number | undefined }
  | { kind: 'replay'; file: string; pace: number | undefined }
  | {
      kind: 'provider';
      provider: ProviderName;
      modelName: string;
      apiKey: string | undefined;
      baseUrl: string | undefined;
    };

/**
 * `config.model`: the default model's settings and, when several are configured (`DRAWBRIDGE_MODELS`), every
 * model a chat may pick, the default first.
 */
export type ConfiguredModels = ModelSettings & { choices?: readonly ModelSettings[] };
