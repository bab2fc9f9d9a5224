import { bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const jobStates = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

/** The durable job queue (owned by platform/jobs, migrated like a module's tables). */
export const jobsTable = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  state: text('state', { enum: jobStates }).notNull(),
  /** How many times the job has been claimed; the fence every write of a run is conditional on. */
  attempt: integer('attempt').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export type JobRow = typeof jobsTable.$inferSelect;
