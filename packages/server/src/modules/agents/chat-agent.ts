import type { LanguageModelSettings } from '../../platform/llm/agent-turn.types.js';

/** Which model answers for an agent; null fields fall back to PLATFORM_LLM_*. Its apiKey is decrypted. */
export type AgentModelSettings = LanguageModelSettings;

/** An agent as the Chat API needs it: who owns it, which deployment it reads, how it answers. */
export interface ChatAgent {
  /** A UUID; chat paths carry it as a string. */
  id: string;
  accountId: number;
  accountName: string;
  deploymentId: number;
  name: string;
  instructions: string | null;
  model: AgentModelSettings;
}

/** A deployment's settings for platform tokens (`X-Platform-Auth-Token`), secret decrypted. */
export interface ChatAuthSettings {
  enabled: boolean;
  /** HS256 shared secret. */
  secret: string | null;
  /** RS256/ES256 keys. */
  jwksUrl: string | null;
  /** Where the platform POSTs `{token}` for tokens neither the secret nor the JWKS checks. */
  customCheckUrl: string | null;
  issuer: string | null;
  audience: string | null;
}
