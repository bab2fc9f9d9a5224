import {
  DashboardPublicIdParams,
  DashboardPythonResult,
  RunDashboardPythonInput,
} from '../../schemas/dashboard.schema.js';
import { defineOperation } from '../operation.js';

export const runDashboardPython = defineOperation({
  operationId: 'runDashboardPython',
  method: 'POST',
  path: '/api/v1/embed/dashboard/{publicId}/python-run',
  tag: 'Dashboards',
  summary: 'Run the Python of an html report of a dashboard',
  description:
    "Runs the code (default: the published report's `meta.pythonCode`; other code needs edit rights on the dashboard) with the dashboard's filters as input in a sandbox: no network, no file system beyond a temp dir, CPU and memory limits, 30 s. No Python on the server: 501 saying what to install. An embed token runs the published code of a dashboard it may open, its rows read as its user.",
  action: 'ContentRead',
  authScheme: 'embed',
  params: DashboardPublicIdParams,
  body: RunDashboardPythonInput,
  isBodyRequired: false,
  response: DashboardPythonResult,
  errors: ['NOT_FOUND', 'FORBIDDEN', 'NOT_IMPLEMENTED', 'GATEWAY_TIMEOUT'],
});
