import type { CreationMethod, CreationStep } from '@platform/contract';

/**
 * The set-up wizard of a deployment as a pure state machine: each creation method has its own ordered
 * flow, every flow starts at `project` and ends at `ready`. docs/deployments.md shows the same table.
 */
export const creationFlows: Readonly<Record<CreationMethod, readonly CreationStep[]>> = {
  upload: ['project', 'upload', 'databases', 'schema', 'ready'],
  github: ['project', 'github', 'databases', 'schema', 'ready'],
  ssh: ['project', 'ssh', 'databases', 'schema', 'ready'],
  cubecloud: ['project', 'demo', 'ready'],
};

export const firstCreationStep: CreationStep = 'project';
export const lastCreationStep: CreationStep = 'ready';

/** A move is either allowed (with the step it lands on) or refused with a reason a person can act on. */
export type CreationStepMove = { isAllowed: true; step: CreationStep } | { isAllowed: false; reason: string };

export function describeFlow(method: CreationMethod): string {
  return `${method} flow (${creationFlows[method].join(' → ')})`;
}

export function advanceCreationStep(method: CreationMethod, current: CreationStep): CreationStepMove {
  const flow = creationFlows[method];
  if (current === lastCreationStep) {
    return { isAllowed: false, reason: `the deployment is already ${lastCreationStep}: nothing to advance` };
  }
  const next = flow[flow.indexOf(current) + 1];
  if (!flow.includes(current) || next === undefined) {
    return {
      isAllowed: false,
      reason: `step ${current} is not part of the ${describeFlow(method)}; reset the creation step first`,
    };
  }
  return { isAllowed: true, step: next };
}

/** Without a target the wizard goes back to the start; a target must be an earlier step of the same flow. */
export function resetCreationStep(
  method: CreationMethod,
  current: CreationStep,
  target?: CreationStep,
): CreationStepMove {
  if (target === undefined) return { isAllowed: true, step: firstCreationStep };
  const flow = creationFlows[method];
  const targetIndex = flow.indexOf(target);
  const currentIndex = flow.indexOf(current);
  if (targetIndex === -1) {
    return { isAllowed: false, reason: `step ${target} is not part of the ${describeFlow(method)}` };
  }
  if (currentIndex === -1 || targetIndex >= currentIndex) {
    return {
      isAllowed: false,
      reason: `step ${target} is not earlier than the current step ${current} in the ${describeFlow(method)}`,
    };
  }
  return { isAllowed: true, step: target };
}

/**
 * A change of creation method keeps the current step when the new flow has it (`project` and `ready`
 * are in every flow); otherwise the wizard restarts at `project`, since the steps already done belong
 * to another flow.
 */
export function creationStepAfterMethodChange(method: CreationMethod, current: CreationStep): CreationStep {
  return creationFlows[method].includes(current) ? current : firstCreationStep;
}
