#!/usr/bin/env node
// The embed example's host application (examples/embed/README.md): a tiny site of "your" product that
// signs in a customer, generates an embed session for them with the platform's admin key (which never
// leaves this server), exchanges it for an embed token and frames the platform's embed page with it.
//
//   PLATFORM_URL=http://127.0.0.1:4000 PLATFORM_API_KEY=sk-... node examples/embed/server.mjs
//
// Plain node:http and fetch: no dependency.

import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The customers of "your" application: each an embed tenant, with its user and their security context. */
const defaultCustomers = {
  acme: {
    name: 'Acme Corp',
    user: { id: 'ada@acme.example', name: 'Ada' },
    // With an access policy on `orders` reading `securityContext.channel`, Acme sees its web orders only.
    securityContext: { channel: 'web' },
    locale: 'en-US',
    timezone: 'America/New_York',
  },
  globex: {
    name: 'Globex',
    user: { id: 'grace@globex.example', name: 'Grace' },
    securityContext: { channel: 'store' },
    locale: 'de-DE',
    timezone: 'Europe/Berlin',
  },
};

function settingsOf(environment) {
  const port = Number(environment.PORT ?? 4100);
  const platformUrl = (environment.PLATFORM_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, '');
  return {
    port,
    host: environment.HOST ?? '127.0.0.1',
    platformUrl,
    // Where the browser reaches the platform, when it is not where this server does.
    platformPublicUrl: (environment.PLATFORM_PUBLIC_URL ?? platformUrl).replace(/\/+$/, ''),
    apiKey: environment.PLATFORM_API_KEY ?? null,
    dataDirectory: environment.PLATFORM_DATA_DIR ?? '.platform',
    dashboardPublicId: environment.DASHBOARD_PUBLIC_ID ?? null,
    customers: environment.EMBED_CUSTOMERS ? JSON.parse(environment.EMBED_CUSTOMERS) : defaultCustomers,
    showChat: environment.EMBED_SHOW_CHAT !== '0',
    // Off (EMBED_SETUP=0) when the dashboard's embed access and the allowed origins are managed elsewhere.
    isSettingUp: environment.EMBED_SETUP !== '0',
  };
}

/** The admin key: PLATFORM_API_KEY, else the one the platform wrote on its first start (`npm start`). */
async function adminKeyOf(settings) {
  if (settings.apiKey) return settings.apiKey;
  try {
    return (await readFile(join(settings.dataDirectory, 'admin-key'), 'utf8')).trim();
  } catch {
    throw new Error(
      `set PLATFORM_API_KEY to an admin API key (none given, and no ${join(settings.dataDirectory, 'admin-key')})`,
    );
  }
}

/** One call to the platform's API with the admin key; rejects with the API's message. */
function platformClient(settings, apiKey) {
  return async (method, path, body) => {
    const response = await fetch(`${settings.platformUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const answer = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${answer?.message ?? text}`);
    }
    return answer;
  };
}

/** The demo deployment's dashboard when none is named and none is published yet: a KPI and two tables. */
async function publishDemoDashboard(platform, deploymentId) {
  const onDeployment = (path) => `/api/v1/deployments/${deploymentId}${path}`;
  const workbook = await platform('POST', onDeployment('/workbooks'), { name: 'Embedded orders' });
  const report = async (body) =>
    (await platform('POST', onDeployment('/reports'), { workbookId: workbook.id, ...body })).id;
  const orders = await report({ name: 'Orders', kind: 'kpi', jsonQuery: { measures: ['orders.count'] } });
  const byChannel = await report({
    name: 'Orders by channel',
    kind: 'table',
    jsonQuery: {
      measures: ['orders.count', 'orders.return_rate'],
      dimensions: ['orders.channel'],
      order: { 'orders.channel': 'asc' },
    },
    preferences: { columnFormats: { 'orders.return_rate': { type: 'percent', decimalPlaces: 1 } } },
  });
  const byMonth = await report({
    name: 'Orders by month',
    kind: 'table',
    jsonQuery: {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.ordered_at', granularity: 'month' }],
      order: { 'orders.ordered_at': 'desc' },
      limit: 12,
    },
  });
  const at = (x, y, w, h) => ({ x, y, w, h });
  return platform('POST', onDeployment(`/workbooks/${workbook.id}/publish`), {
    title: 'Embedded orders',
    config: {
      kind: 'CLASSIC',
      title: 'Embedded orders',
      widgets: [
        { id: 'orders', type: 'CHART', position: at(0, 0, 4, 3), config: { reportId: orders } },
        { id: 'by-channel', type: 'CHART', position: at(4, 0, 8, 5), config: { reportId: byChannel } },
        { id: 'by-month', type: 'CHART', position: at(0, 5, 12, 8), config: { reportId: byMonth } },
      ],
    },
  });
}

/** DASHBOARD_PUBLIC_ID's dashboard, else the demo deployment's first published one (published now if none). */
async function resolveDashboard(settings, platform) {
  if (settings.dashboardPublicId) {
    return platform(
      'GET',
      `/api/v1/dashboards/by-public-id/${encodeURIComponent(settings.dashboardPublicId)}`,
    );
  }
  const deployments = await platform('GET', '/api/v1/deployments');
  const demo = deployments.items.find((deployment) => deployment.name === 'demo') ?? deployments.items[0];
  if (!demo) throw new Error('the platform has no deployment: set DASHBOARD_PUBLIC_ID');
  const dashboards = await platform('GET', `/api/v1/deployments/${demo.id}/dashboards?status=published`);
  const [first] = dashboards.items;
  if (first) return first;
  console.log(`no published dashboard on deployment ${demo.name}: publishing "Embedded orders"`);
  return publishDemoDashboard(platform, demo.id);
}

/**
 * What the example needs of the platform for its own demo (EMBED_SETUP=0 leaves it all alone): the
 * dashboard open to every embed user, and this host's origins allowed to frame the embed page.
 */
async function setUpEmbedding(settings, platform, dashboard) {
  await platform(
    'PUT',
    `/api/v1/deployments/${dashboard.deploymentId}/workbooks/${dashboard.workbookId}/embed-access`,
    { allEmbedUsers: true, action: 'read', allowEmbed: true },
  );
  const tenant = await platform('GET', '/api/v1/tenant/settings');
  const origins = [`http://localhost:${settings.port}`, `http://127.0.0.1:${settings.port}`];
  const allowedOrigins = [...new Set([...tenant.embedding.allowedOrigins, ...origins])];
  await platform('PUT', '/api/v1/tenant/settings', { embedding: { enabled: true, allowedOrigins } });
  console.log(`dashboard ${dashboard.publicId} allows embedding; ${origins.join(' and ')} may frame it`);
}

/** A session for the customer's signed-in user, exchanged for its token here, on the server. */
async function embedUrlFor(settings, platform, dashboard, customerId, customer) {
  const { sessionId } = await platform('POST', '/api/v1/embed/generate-session', {
    deploymentId: dashboard.deploymentId,
    externalId: customer.user.id,
    userProfile: { displayName: customer.user.name },
    embedTenantName: customerId,
    embedTenantProfile: { displayName: customer.name },
    ...(customer.groups ? { groups: customer.groups } : {}),
    securityContext: customer.securityContext ?? {},
    settings: {
      showDashboardChat: settings.showChat,
      ...(customer.locale ? { locale: customer.locale } : {}),
      ...(customer.timezone ? { timezone: customer.timezone } : {}),
    },
  });
  // No credential on the exchange: a session id is good for one exchange within 10 minutes.
  const exchanged = await fetch(`${settings.platformUrl}/api/v1/embed/session/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  });
  const answer = await exchanged.json();
  if (!exchanged.ok) throw new Error(`the session exchange failed: ${exchanged.status} ${answer.message}`);
  // The token goes in the fragment: the browser never sends it to a server, so no log or Referer has it.
  return `${settings.platformPublicUrl}/embed/dashboard/${encodeURIComponent(dashboard.publicId)}#token=${encodeURIComponent(answer.token)}`;
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function render(template, values) {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name) => values[name] ?? '');
}

/** The host application: `GET /?customer=<id>` signs that customer in and frames the dashboard for them. */
export async function startHost(environment = process.env) {
  const settings = settingsOf(environment);
  const platform = platformClient(settings, await adminKeyOf(settings));
  const dashboard = await resolveDashboard(settings, platform);
  if (settings.isSettingUp) await setUpEmbedding(settings, platform, dashboard);
  const template = await readFile(new URL('./index.html', import.meta.url), 'utf8');
  const customerIds = Object.keys(settings.customers);

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (request.method !== 'GET' || url.pathname !== '/') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const requested = url.searchParams.get('customer');
    const customerId = requested && Object.hasOwn(settings.customers, requested) ? requested : customerIds[0];
    const customer = settings.customers[customerId];
    let content;
    try {
      const embedUrl = await embedUrlFor(settings, platform, dashboard, customerId, customer);
      content = `<iframe title="${escapeHtml(dashboard.title ?? 'Dashboard')}" src="${escapeHtml(embedUrl)}"></iframe>`;
    } catch (error) {
      content = `<p class="error" role="alert">The dashboard could not be opened: ${escapeHtml(error.message)}</p>`;
    }
    const customerOptions = customerIds
      .map(
        (id) =>
          `<option value="${escapeHtml(id)}"${id === customerId ? ' selected' : ''}>${escapeHtml(settings.customers[id].name)}</option>`,
      )
      .join('');
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // The page frames the platform and nothing else; no Referer leaves it.
        'content-security-policy': `default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-src ${new URL(settings.platformPublicUrl).origin}; form-action 'self'`,
        'referrer-policy': 'no-referrer',
      })
      .end(
        render(template, {
          customerId: escapeHtml(customerId),
          customerName: escapeHtml(customer.name),
          userName: escapeHtml(customer.user.name),
          customerOptions,
          content,
        }),
      );
  });
  await new Promise((resolve) => server.listen(settings.port, settings.host, resolve));
  const address = server.address();
  return { server, dashboard, url: `http://${settings.host}:${address.port}/`, port: address.port };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  startHost().then(
    ({ dashboard, url }) => {
      console.log(`embedding dashboard ${dashboard.publicId} (${dashboard.title ?? 'untitled'})`);
      console.log(`open ${url}?customer=acme`);
    },
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
