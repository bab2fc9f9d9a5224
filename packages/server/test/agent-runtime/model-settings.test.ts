import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import type { LanguageModelSettings } from '../../src/platform/llm/agent-turn.types.js';
import { resolveModelSettings } from '../../src/platform/llm/language-model.builder.js';
import { noModel } from './agent-events.js';

describe('PLATFORM_LLM_* configuration', () => {
  it('defaults to the built-in analyst', () => {
    expect(loadConfig({}, '/tmp').llm).toEqual({
      provider: 'builtin',
      baseUrl: null,
      model: null,
      apiKey: null,
    });
  });

  it('reads an OpenAI-compatible endpoint', () => {
    const config = loadConfig(
      {
        PLATFORM_LLM_PROVIDER: 'openai-compatible',
        PLATFORM_LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        PLATFORM_LLM_MODEL: 'llama3.1',
        PLATFORM_LLM_API_KEY: 'sk-local',
      },
      '/tmp',
    );
    expect(config.llm).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: 'sk-local',
    });
  });

  it('refuses an unknown provider, naming the variable', () => {
    expect(() => loadConfig({ PLATFORM_LLM_PROVIDER: 'openai' }, '/tmp')).toThrow(ConfigError);
    expect(() => loadConfig({ PLATFORM_LLM_PROVIDER: 'openai' }, '/tmp')).toThrow(
      'PLATFORM_LLM_PROVIDER must be one of builtin, openai-compatible, anthropic, got "openai"',
    );
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => loadConfig({ PLATFORM_LLM_BASE_URL: 'ftp://models.example.com' }, '/tmp')).toThrow(
      /^PLATFORM_LLM_BASE_URL must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ PLATFORM_LLM_BASE_URL: 'localhost:8080' }, '/tmp')).toThrow(ConfigError);
  });
});

describe('the model an answer uses', () => {
  const defaults: LanguageModelSettings = {
    provider: 'openai-compatible',
    baseUrl: 'https://llm.example.com/v1',
    model: 'default-model',
    apiKey: 'sk-default',
  };

  it('takes the agent fields over the defaults one by one', () => {
    expect(resolveModelSettings(defaults, { ...noModel, model: 'agent-model' })).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'https://llm.example.com/v1',
      model: 'agent-model',
      apiKey: 'sk-default',
    });
  });

  it('is the built-in analyst when neither names a provider', () => {
    const unset = { ...noModel, model: 'ignored' };
    expect(resolveModelSettings(noModel, unset)).toEqual({ provider: 'builtin' });
  });

  it("never hands the default provider's key to another provider", () => {
    expect(() =>
      resolveModelSettings(defaults, { provider: 'anthropic', baseUrl: null, model: 'claude', apiKey: null }),
    ).toThrow(
      "The anthropic language model has no API key: set PLATFORM_LLM_API_KEY or the agent's API key.",
    );
  });

  it('names the missing model', () => {
    expect(() => resolveModelSettings({ ...defaults, model: null }, noModel)).toThrow(
      /has no model name: set PLATFORM_LLM_MODEL/,
    );
  });
});
