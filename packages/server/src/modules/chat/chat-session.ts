import type { ChatAgent } from '../agents/chat-agent.js';

/** The user a chat request acts for, provisioned from `sessionSettings` or a platform token. */
export interface ChatUser {
  /** Row id of the chat user. */
  id: number;
  externalId: string | null;
  /** The e-mail of an account user, for `internalId` sessions. */
  internalId: string | null;
  email: string | null;
}

/** What data queries see of the user: access policies and row-level security read these. */
export type ChatDataIdentity =
  | {
      kind: 'external';
      groups: string[];
      securityContext: Record<string, unknown>;
      userAttributes: Record<string, string>;
    }
  /** An account user: their own role's rights apply, as with their API key. */
  | { kind: 'internal'; userId: number };

/** An authenticated chat request: everything the stream service needs, no HTTP. */
export interface ChatSession {
  agent: ChatAgent;
  user: ChatUser;
  data: ChatDataIdentity;
  /** The model branch; null is the deployment's deploy branch. */
  branchName: string | null;
  /** IANA; `UTC` unless `sessionSettings.timezone` says otherwise. */
  timezone: string;
}
