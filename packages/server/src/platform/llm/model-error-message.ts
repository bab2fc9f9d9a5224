import { APICallError } from '@ai-sdk/provider';
import { RetryError } from 'ai';
import { redactUrlCredentials } from '../crypto/url-credentials.js';
import { endpointOf, type ResolvedModelSettings } from './language-model.builder.js';

/** Longest part of a provider's own error text kept in the message the user sees. */
const maximumDetailLength = 300;

function detailOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > maximumDetailLength ? `${text.slice(0, maximumDetailLength)}…` : text;
}

function statusHint(statusCode: number): string {
  if (statusCode === 401 || statusCode === 403) return ' (check the API key)';
  if (statusCode === 404) return ' (check the base URL and the model name)';
  if (statusCode === 429) return ' (rate limited; try again later)';
  return '';
}

/**
 * A message fit for the user for a failing model: which endpoint, what went wrong, and what to check.
 * Never includes the API key (the AI SDK's messages hold the URL and the provider's text, not headers).
 */
export function modelErrorMessage(error: unknown, settings: ResolvedModelSettings): string {
  return redactUrlCredentials(describeModelError(error, settings));
}

function describeModelError(error: unknown, settings: ResolvedModelSettings): string {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  const endpoint = endpointOf(settings);
  if (APICallError.isInstance(cause)) {
    if (cause.statusCode === undefined) {
      return `Could not reach the ${endpoint}: ${detailOf(cause)}`;
    }
    return `The ${endpoint} answered HTTP ${cause.statusCode}${statusHint(cause.statusCode)}: ${detailOf(cause)}`;
  }
  return `The ${endpoint} failed: ${detailOf(cause)}`;
}

/** The Error a failing turn throws, keeping the original as its cause for the logs. */
export class LanguageModelError extends Error {
  constructor(error: unknown, settings: ResolvedModelSettings) {
    super(modelErrorMessage(error, settings), { cause: error });
    this.name = 'LanguageModelError';
  }
}
