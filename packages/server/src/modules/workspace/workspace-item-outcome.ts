import {
  statusOfErrorCode,
  type WorkspaceItem,
  type WorkspaceItemFailure,
  type WorkspaceItemRef,
} from '@platform/contract';
import { AppError } from '../../errors/app-error.js';
import { keyOf } from './workspace-item-loader.js';

/** What became of one item of a workspace request: done (with the item as it is now), or why not. */
export type ItemOutcome =
  | { ref: WorkspaceItemRef; item: WorkspaceItem | null; error?: undefined }
  | { ref: WorkspaceItemRef; error: AppError };

/** The items of a request, each once and in the order first named (an item named twice counts once). */
export function distinctRefs(refs: readonly WorkspaceItemRef[]): WorkspaceItemRef[] {
  const seen = new Map<string, WorkspaceItemRef>();
  for (const ref of refs) {
    const key = keyOf(ref);
    if (!seen.has(key)) seen.set(key, { type: ref.type, id: ref.id });
  }
  return [...seen.values()];
}

/**
 * Runs an access check for one item: a refusal (an `AppError`) becomes that item's outcome instead of
 * failing the request; anything else is a fault and propagates.
 */
export function refusalOf(check: () => void): AppError | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/** Collects the outcomes of a bulk request and answers them in the order the items were named. */
export class ItemOutcomes {
  private readonly byKey = new Map<string, ItemOutcome>();

  constructor(private readonly refs: readonly WorkspaceItemRef[]) {}

  done(ref: WorkspaceItemRef, item: WorkspaceItem | null = null): void {
    this.byKey.set(keyOf(ref), { ref, item });
  }

  failed(ref: WorkspaceItemRef, error: AppError): void {
    this.byKey.set(keyOf(ref), { ref, error });
  }

  has(ref: WorkspaceItemRef): boolean {
    return this.byKey.has(keyOf(ref));
  }

  /** Every outcome in request order; an item with none yet failed with `fallback` (it vanished meanwhile). */
  inOrder(fallback: (ref: WorkspaceItemRef) => AppError): ItemOutcome[] {
    return this.refs.map((ref) => this.byKey.get(keyOf(ref)) ?? { ref, error: fallback(ref) });
  }
}

/** Splits outcomes into the answer of a bulk operation: the done items and the failures with their status. */
export function bulkAnswerOf(outcomes: readonly ItemOutcome[]): {
  done: WorkspaceItemRef[];
  failed: WorkspaceItemFailure[];
} {
  const done: WorkspaceItemRef[] = [];
  const failed: WorkspaceItemFailure[] = [];
  for (const outcome of outcomes) {
    if (outcome.error === undefined) done.push(outcome.ref);
    else {
      failed.push({
        ...outcome.ref,
        error: { status: statusOfErrorCode(outcome.error.code), message: outcome.error.message },
      });
    }
  }
  return { done, failed };
}
