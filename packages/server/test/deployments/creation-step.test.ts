import {
  type CreationMethod,
  type CreationStep,
  creationMethods,
  creationSteps,
  type Deployment,
} from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceCreationStep,
  creationFlows,
  creationStepAfterMethodChange,
  resetCreationStep,
} from '../../src/modules/deployments/creation-step.machine.js';
import { type StoreEngine, startTestServer, storeEngines, type TestServer } from '../support/test-server.js';
import {
  createDeployment,
  type ErrorResponseBody,
  readAllLogs,
  updateDeployment,
} from './deployment-helpers.js';

const expectedFlows: Record<CreationMethod, CreationStep[]> = {
  upload: ['project', 'upload', 'databases', 'schema', 'ready'],
  github: ['project', 'github', 'databases', 'schema', 'ready'],
  ssh: ['project', 'ssh', 'databases', 'schema', 'ready'],
  cubecloud: ['project', 'demo', 'ready'],
};

describe('the creation-step machine', () => {
  it('has the documented flow for every creation method', () => {
    expect(creationFlows).toEqual(expectedFlows);
  });

  it.each(creationMethods)('advances the %s flow one step at a time and stops at ready', (method) => {
    const flow = expectedFlows[method];
    for (const [index, step] of flow.entries()) {
      const move = advanceCreationStep(method, step);
      const next = flow[index + 1];
      if (next === undefined) {
        expect(move).toEqual({ isAllowed: false, reason: expect.stringMatching(/already ready/) });
      } else {
        expect(move).toEqual({ isAllowed: true, step: next });
      }
    }
    for (const step of creationSteps.filter((candidate) => !flow.includes(candidate))) {
      expect(advanceCreationStep(method, step).isAllowed, step).toBe(false);
    }
  });

  it.each(creationMethods)('resets the %s flow only to an earlier step of it', (method) => {
    const flow = expectedFlows[method];
    for (const [currentIndex, current] of flow.entries()) {
      expect(resetCreationStep(method, current)).toEqual({ isAllowed: true, step: 'project' });
      for (const target of creationSteps) {
        const targetIndex = flow.indexOf(target);
        const move = resetCreationStep(method, current, target);
        if (targetIndex !== -1 && targetIndex < currentIndex) {
          expect(move, `${current} -> ${target}`).toEqual({ isAllowed: true, step: target });
        } else {
          expect(move, `${current} -> ${target}`).toMatchObject({ isAllowed: false });
        }
      }
    }
  });

  it('keeps the step on a change of creation method when the new flow has it, else restarts', () => {
    for (const from of creationMethods) {
      for (const to of creationMethods) {
        for (const step of expectedFlows[from]) {
          const expected = expectedFlows[to].includes(step) ? step : 'project';
          expect(creationStepAfterMethodChange(to, step), `${from}/${step} -> ${to}`).toBe(expected);
        }
      }
    }
  });
});

describe.each(storeEngines)('creation step over HTTP on %s', (engine: StoreEngine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.close();
  });

  const move = async (deploymentId: number, action: 'advance' | 'reset', body?: unknown) => {
    const response = await server.request({
      method: 'POST',
      url: `/api/v1/deployments/${deploymentId}/creation-step/${action}`,
      ...(body !== undefined ? { body } : {}),
    });
    return { status: response.status, body: response.body as Deployment & ErrorResponseBody };
  };

  it.each(creationMethods)('walks the %s flow to ready, then refuses to advance with 409', async (method) => {
    const deployment = await createDeployment(server, { creationMethod: method });
    expect(deployment.creationStep).toBe('project');
    for (const step of expectedFlows[method].slice(1)) {
      const response = await move(deployment.id, 'advance');
      expect(response.status).toBe(200);
      expect(response.body.creationStep).toBe(step);
    }
    const refused = await move(deployment.id, 'advance');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already ready/) });
    const logs = await readAllLogs(server, deployment.id);
    expect(logs.filter((entry) => entry.message.startsWith('creation step moved'))).toHaveLength(
      expectedFlows[method].length - 1,
    );
  });

  it('resets to the first step, or to an earlier step of the flow only', async () => {
    const deployment = await createDeployment(server, { creationMethod: 'github' });
    for (let index = 0; index < 3; index += 1) await move(deployment.id, 'advance');
    expect(
      (await server.request({ method: 'GET', url: `/api/v1/deployments/${deployment.id}` })).body,
    ).toMatchObject({ creationStep: 'schema' });
    const back = await move(deployment.id, 'reset', { step: 'github' });
    expect(back.status).toBe(200);
    expect(back.body.creationStep).toBe('github');
    const later = await move(deployment.id, 'reset', { step: 'schema' });
    expect(later.status).toBe(409);
    expect(later.body.message).toMatch(/not earlier than the current step github/);
    const same = await move(deployment.id, 'reset', { step: 'github' });
    expect(same.status).toBe(409);
    const otherFlow = await move(deployment.id, 'reset', { step: 'upload' });
    expect(otherFlow.status).toBe(409);
    expect(otherFlow.body.message).toMatch(/not part of the github flow/);
    const unknown = await move(deployment.id, 'reset', { step: 'launch' });
    expect(unknown.status).toBe(400);
    const toStart = await move(deployment.id, 'reset');
    expect(toStart.status).toBe(200);
    expect(toStart.body.creationStep).toBe('project');
    await move(deployment.id, 'advance');
    const withEmptyBody = await move(deployment.id, 'reset', {});
    expect(withEmptyBody.body.creationStep).toBe('project');
    const atStart = await move(deployment.id, 'reset');
    expect(atStart.status).toBe(200);
    expect(atStart.body.creationStep).toBe('project');
  });

  it('restarts the wizard when the creation method changes to a flow without the current step', async () => {
    const deployment = await createDeployment(server, { creationMethod: 'upload' });
    await move(deployment.id, 'advance');
    const switched = await updateDeployment(server, deployment.id, { creationMethod: 'github' });
    expect(switched.body).toMatchObject({ creationMethod: 'github', creationStep: 'project' });
    await move(deployment.id, 'advance');
    await move(deployment.id, 'advance');
    const kept = await updateDeployment(server, deployment.id, { creationMethod: 'ssh' });
    expect(kept.body).toMatchObject({ creationMethod: 'ssh', creationStep: 'databases' });
    const restarted = await updateDeployment(server, deployment.id, { creationMethod: 'cubecloud' });
    expect(restarted.body).toMatchObject({ creationMethod: 'cubecloud', creationStep: 'project' });
    const messages = (await readAllLogs(server, deployment.id)).map((entry) => entry.message);
    expect(messages).toContain(
      'creation step moved from upload to project: creation method changed to github',
    );
    expect(messages).toContain(
      'creation step moved from databases to project: creation method changed to cubecloud',
    );

    const ready = await createDeployment(server, { creationMethod: 'cubecloud' });
    await move(ready.id, 'advance');
    await move(ready.id, 'advance');
    const stillReady = await updateDeployment(server, ready.id, { creationMethod: 'upload' });
    expect(stillReady.body).toMatchObject({ creationMethod: 'upload', creationStep: 'ready' });
  });

  it('answers 404 for a deployment that does not exist', async () => {
    expect((await move(999_999, 'advance')).status).toBe(404);
    expect((await move(999_999, 'reset')).status).toBe(404);
  });
});
