import type { AnalystStep, AnalystTurn } from '@platform/analyst';

/** The main thread asks a worker to decide one step; the known values it needs come back by message. */
export type ToWorkerMessage =
  | {
      readonly kind: 'decide';
      readonly taskId: number;
      readonly turn: AnalystTurn;
      readonly now: Date;
      readonly timezone: string;
      readonly locale?: string;
      readonly tools: readonly string[];
    }
  | {
      readonly kind: 'values';
      readonly taskId: number;
      readonly requestId: number;
      readonly values?: readonly string[];
      readonly error?: string;
    };

/** A worker asks for known values (the query runs on the main thread) and answers with the step. */
export type FromWorkerMessage =
  | {
      readonly kind: 'lookup';
      readonly taskId: number;
      readonly requestId: number;
      readonly memberPath: string;
    }
  | { readonly kind: 'step'; readonly taskId: number; readonly step: AnalystStep }
  | { readonly kind: 'failed'; readonly taskId: number; readonly message: string };
