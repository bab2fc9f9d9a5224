import type { LanguageModelSettings } from '../../../packages/server/src/platform/llm/agent-turn.types.js';
import { resolveModelSettings } from '../../../packages/server/src/platform/llm/language-model.builder.js';
import { type QuestionShape, questionShapes } from './evaluation-question.js';

export interface EvaluationOptions {
  readonly isVerbose: boolean;
  /** `--model <name>`: only this evaluation model (demo, logistics, healthcare). */
  readonly modelName: string | null;
  readonly shape: QuestionShape | null;
  readonly jsonPath: string | null;
  /** The language model, as the server reads it: flags over PLATFORM_LLM_*, built-in when neither. */
  readonly languageModel: LanguageModelSettings;
}

const providers = ['builtin', 'openai-compatible', 'anthropic'] as const;

function optionValue(arguments_: readonly string[], name: string): string | null {
  const index = arguments_.indexOf(`--${name}`);
  if (index < 0) return null;
  const value = arguments_[index + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
  return value;
}

function environmentValue(name: string): string | null {
  const value = process.env[name]?.trim();
  return value ? value : null;
}

function providerOf(text: string | null): LanguageModelSettings['provider'] {
  if (text === null) return null;
  const provider = providers.find((candidate) => candidate === text);
  if (!provider) throw new Error(`--provider must be one of ${providers.join(', ')}, got "${text}"`);
  return provider;
}

/**
 * `npm run bench -- analyst [--verbose] [--model <name>] [--shape <shape>] [--json <file>]
 * [--provider <p> --base-url <url> --llm-model <id> --api-key <key>]`.
 */
export function readEvaluationOptions(
  arguments_: readonly string[],
  modelNames: readonly string[],
): EvaluationOptions {
  const modelName = optionValue(arguments_, 'model');
  if (modelName !== null && !modelNames.includes(modelName)) {
    throw new Error(`--model must be one of ${modelNames.join(', ')}, got "${modelName}"`);
  }
  const shapeText = optionValue(arguments_, 'shape');
  const shape = questionShapes.find((candidate) => candidate === shapeText) ?? null;
  if (shapeText !== null && shape === null) {
    throw new Error(`--shape must be one of ${questionShapes.join(', ')}, got "${shapeText}"`);
  }
  const languageModel: LanguageModelSettings = {
    provider: providerOf(optionValue(arguments_, 'provider') ?? environmentValue('PLATFORM_LLM_PROVIDER')),
    baseUrl:
      (optionValue(arguments_, 'base-url') ?? environmentValue('PLATFORM_LLM_BASE_URL'))?.replace(
        /\/+$/,
        '',
      ) ?? null,
    model: optionValue(arguments_, 'llm-model') ?? environmentValue('PLATFORM_LLM_MODEL'),
    apiKey: optionValue(arguments_, 'api-key') ?? environmentValue('PLATFORM_LLM_API_KEY'),
  };
  // why: a missing base URL or model name fails here, once, rather than as an error on every question.
  resolveModelSettings(languageModel, { provider: null, baseUrl: null, model: null, apiKey: null });
  return {
    isVerbose: arguments_.includes('--verbose'),
    modelName,
    shape,
    jsonPath: optionValue(arguments_, 'json'),
    languageModel,
  };
}
