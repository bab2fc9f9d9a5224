import type { ChatThreadPolicy } from '@platform/contract';
import type { ChatAgent } from '../agents/chat-agent.js';
import type { ChatDataIdentity } from '../data-api/data-api-caller.js';

/** The user a chat request acts for, provisioned from `sessionSettings` or a platform token. */
export interface ChatUser {
  /** Row id of the chat user. */
  id: number;
  externalId: string | null;
  /** The e-mail of an account user, for `internalId` sessions. */
  internalId: string | null;
  email: string | null;
}

/** An authenticated chat request: everything the stream service needs, no HTTP. */
export interface ChatSession {
  agent: ChatAgent;
  user: ChatUser;
  data: ChatDataIdentity;
  /** The model branch; null is the deployment's deploy branch. */
  branchName: string | null;
  /** IANA: `sessionSettings.timezone`, else the tenant setting `defaultTimezone`. */
  timezone: string;
  /** BCP 47, for numbers in answers: the tenant setting `defaultLocale`. */
  locale: string;
  /** Tenant setting `chatThreadPolicies`: which other users' threads the user may act on. */
  threadPolicies: readonly ChatThreadPolicy[];
}
