export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

export type QueryValues = Record<string, QueryValue>;

/** `/api/v1/users/{userId}` + `{userId: 7}` → `/api/v1/users/7`, each value URL-encoded. */
export function fillPath(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`missing path parameter ${name} for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Array values repeat the key (`types=A&types=B`), as the API expects; undefined and null are left out. */
export function appendQuery(url: URL, query: QueryValues): void {
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) url.searchParams.append(name, String(item));
  }
}

/** Joins the base URL (which may carry a path prefix behind a proxy) and an API path. */
export function buildUrl(baseUrl: string, path: string, query: QueryValues = {}): URL {
  const base = baseUrl.replace(/\/+$/, '');
  const url = new URL(`${base}${path.startsWith('/') ? path : `/${path}`}`);
  appendQuery(url, query);
  return url;
}
