import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { redactUrlCredentials } from '../crypto/url-credentials.js';
import type { LanguageModelSettings } from './agent-turn.types.js';

/** The settings of one answer once every field has its value: the request's, else the defaults'. */
export type ResolvedModelSettings =
  | { readonly provider: 'builtin' }
  | {
      readonly provider: 'openai-compatible';
      readonly baseUrl: string;
      readonly model: string;
      readonly apiKey: string | null;
    }
  | {
      readonly provider: 'anthropic';
      readonly baseUrl: string | null;
      readonly model: string;
      readonly apiKey: string;
    };

/** Where Anthropic is reached when no base URL is set (the package's own default). */
export const anthropicDefaultBaseUrl = 'https://api.anthropic.com/v1';

/** An agent's model field by field over the PLATFORM_LLM_* defaults; no provider at all means built-in. */
export function resolveModelSettings(
  defaults: LanguageModelSettings,
  requested: LanguageModelSettings,
): ResolvedModelSettings {
  const provider = requested.provider ?? defaults.provider ?? 'builtin';
  // why: a base URL, model or key set for another provider means nothing to this one.
  const inherits = requested.provider === null || requested.provider === defaults.provider;
  const pick = (field: 'baseUrl' | 'model' | 'apiKey') =>
    requested[field] ?? (inherits ? defaults[field] : null);
  const baseUrl = pick('baseUrl');
  const model = pick('model');
  const apiKey = pick('apiKey');
  if (provider === 'builtin') return { provider };
  if (model === null) {
    throw new Error(
      `The ${provider} language model has no model name: set PLATFORM_LLM_MODEL or the agent's model.`,
    );
  }
  if (provider === 'openai-compatible') {
    if (baseUrl === null) {
      throw new Error(
        'The openai-compatible language model has no base URL: set PLATFORM_LLM_BASE_URL or the agent\'s base URL (e.g. "https://api.openai.com/v1").',
      );
    }
    return { provider, baseUrl, model, apiKey };
  }
  if (apiKey === null) {
    throw new Error(
      "The anthropic language model has no API key: set PLATFORM_LLM_API_KEY or the agent's API key.",
    );
  }
  return { provider, baseUrl, model, apiKey };
}

/** Settings of a model reached over the network (the built-in analyst is built by the runner). */
export type RemoteModelSettings = Exclude<ResolvedModelSettings, { provider: 'builtin' }>;

/** The AI SDK model of a remote endpoint. */
export function buildLanguageModel(settings: RemoteModelSettings): LanguageModelV3 {
  switch (settings.provider) {
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: settings.baseUrl,
        ...(settings.apiKey === null ? {} : { apiKey: settings.apiKey }),
        // why: without it the streamed answer carries no token counts for the usage line.
        includeUsage: true,
      }).chatModel(settings.model);
    case 'anthropic':
      return createAnthropic({
        apiKey: settings.apiKey,
        ...(settings.baseUrl === null ? {} : { baseURL: settings.baseUrl }),
      }).languageModel(settings.model);
  }
}

/** Where the model is reached, for error messages (never with the key). */
export function endpointOf(settings: ResolvedModelSettings): string {
  if (settings.provider === 'builtin') return 'built-in analyst';
  const baseUrl =
    settings.baseUrl === null ? anthropicDefaultBaseUrl : redactUrlCredentials(settings.baseUrl);
  return `${settings.provider} model "${settings.model}" at ${baseUrl}`;
}
