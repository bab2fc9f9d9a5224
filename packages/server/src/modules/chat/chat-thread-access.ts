import type { ChatThreadAction, ChatThreadPolicy } from '@platform/contract';
import type { ChatSession } from './chat-session.js';

/** Who acts on a chat thread, with the account's chat thread policies. */
export interface ChatThreadActor {
  /** Null for a user the store does not know (an abort never creates one): they own no thread. */
  userId: number | null;
  /** An account user (`internalId`), not an external user. */
  isInternal: boolean;
  policies: readonly ChatThreadPolicy[];
}

/** The user of a session as an actor on threads. */
export function chatThreadActorOf(session: ChatSession): ChatThreadActor {
  return {
    userId: session.user.id,
    isInternal: session.user.internalId !== null,
    policies: session.threadPolicies,
  };
}

/** A thread as the policies see it. */
export interface ChatThreadSubject {
  ownerId: number;
  /** Whether the thread's user is an account user (`internalId`). */
  ownerIsInternal: boolean;
  agentId: string;
  deploymentId: number;
}

function matches(policy: ChatThreadPolicy, action: ChatThreadAction, thread: ChatThreadSubject): boolean {
  if (!policy.actions.includes(action)) return false;
  const id = policy.resourceType === 'agent' ? thread.agentId : String(thread.deploymentId);
  return policy.resources.some((resource) => resource === '*' || resource === id);
}

/** API-NOTES.md: the first matching deny wins over any allow; no matching allow is a refusal. */
function policiesAllow(
  policies: readonly ChatThreadPolicy[],
  action: ChatThreadAction,
  thread: ChatThreadSubject,
): boolean {
  const matching = policies.filter((policy) => matches(policy, action, thread));
  return !matching.some((policy) => policy.effect === 'deny') && matching.length > 0;
}

/**
 * Whether the actor may take the action on the thread. A user the store does not know acts on nothing,
 * whatever the policies. A user always acts on their own threads (the
 * policies widen access, they never take a user's own conversation away). Another user's thread is
 * reachable only between account users, and only through a policy allowing the action; `write` also
 * needs `read`, since its answer stream carries the whole thread.
 */
export function mayActOnChatThread(
  actor: ChatThreadActor,
  thread: ChatThreadSubject,
  action: ChatThreadAction,
): boolean {
  if (actor.userId === null) return false;
  if (actor.userId === thread.ownerId) return true;
  if (!actor.isInternal || !thread.ownerIsInternal) return false;
  const needed: ChatThreadAction[] = action === 'write' ? ['read', 'write'] : [action];
  return needed.every((each) => policiesAllow(actor.policies, each, thread));
}
