import { expect } from 'vitest';
import type { TestServer } from '../support/test-server.js';

/** A published dashboard's widgets: a chart, a FILTER on a member, and a TIME_GRAIN offering two grains. */
export const notificationWidgets = [
  { id: 'revenue', type: 'CHART', position: { x: 0, y: 0, w: 6, h: 4 }, config: { markdown: 'chart' } },
  {
    id: 'country',
    type: 'FILTER',
    position: { x: 6, y: 0, w: 3, h: 1 },
    config: { member: 'orders.country', operator: 'equals' },
  },
  {
    id: 'grain',
    type: 'TIME_GRAIN',
    position: { x: 9, y: 0, w: 3, h: 1 },
    config: { grain: 'month', grains: ['week', 'month'] },
  },
  { id: 'notes', type: 'TEXT', position: { x: 0, y: 4, w: 12, h: 1 }, config: { markdown: 'notes' } },
];

export interface PublishedDashboard {
  workbookId: number;
  id: number;
  publicId: string;
}

/** A workbook of the deployment (shared unless told) with its dashboard published (`notificationWidgets` unless told). */
export async function publishDashboard(
  server: TestServer,
  deploymentId: number,
  name: string,
  options: { isShared?: boolean; widgets?: ReadonlyArray<Record<string, unknown>> } = {},
): Promise<PublishedDashboard> {
  const content = `/api/v1/deployments/${deploymentId}`;
  const workbook = await server.request({
    method: 'POST',
    url: `${content}/workbooks`,
    body: { name, isShared: options.isShared ?? true },
  });
  expect(workbook.status, JSON.stringify(workbook.body)).toBe(201);
  const workbookId = (workbook.body as { id: number }).id;
  const published = await server.request({
    method: 'POST',
    url: `${content}/workbooks/${workbookId}/publish`,
    body: { config: { title: name, widgets: options.widgets ?? notificationWidgets } },
  });
  expect(published.status, JSON.stringify(published.body)).toBeLessThan(300);
  const dashboard = published.body as { id: number; publicId: string };
  return { workbookId, id: dashboard.id, publicId: dashboard.publicId };
}
