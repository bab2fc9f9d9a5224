import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A token made for an environment; only its last characters are kept, to tell tokens apart in lists. */
export const environmentTokensTable = pgTable(
  'environment_tokens',
  {
    id: serial('id').primaryKey(),
    deploymentId: integer('deployment_id').notNull(),
    environmentId: text('environment_id').notNull(),
    tokenSuffix: text('token_suffix').notNull(),
    securityContext: jsonb('security_context').$type<Record<string, unknown>>().notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    createdByCredentialId: integer('created_by_credential_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('environment_tokens_environment').on(table.deploymentId, table.environmentId, table.id)],
);

export type EnvironmentTokenRow = typeof environmentTokensTable.$inferSelect;
