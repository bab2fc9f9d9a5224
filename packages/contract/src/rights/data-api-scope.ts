/**
 * What a deployment token may do on the data API, in the vocabulary semantic-layer clients already use
 * for API scopes: `meta` reads the model's metadata (`/v1/meta`), `data` runs queries (`/v1/load`,
 * `/v1/dry-run`, `/v1/cubesql`), `sql` shows a query's generated SQL (`/v1/sql`). `graphql` and `jobs`
 * name endpoints this server does not have: accepted, so a client asking for them is not refused, but
 * they open nothing here.
 */
export const dataApiScopes = ['meta', 'data', 'sql', 'graphql', 'jobs'] as const;

export type DataApiScope = (typeof dataApiScopes)[number];
