import { tool } from 'ai';
import * as z from 'zod';
import { AppError } from '../../../errors/app-error.js';
import type { AgentDataAccess, PlatformMetaResult } from '../../data-api/agent-data-access.js';

export const platformMetaInput = z.object({
  searchQuery: z
    .string()
    .describe(
      'Keywords of the question: the measures, dimensions and filters it names, e.g. "revenue by country"',
    ),
});

export type PlatformMetaToolResult = PlatformMetaResult | { error: string; searchQuery: string };

/**
 * `platformMeta`: keyword search over the model's cubes, views and members (names, titles, descriptions,
 * synonyms), limited to what the chat user may see, best matches first.
 */
export function platformMetaTool(data: AgentDataAccess) {
  return tool({
    description:
      'Search the data model for the cubes, views, measures and dimensions a question needs, before writing SQL.',
    inputSchema: platformMetaInput,
    execute: async ({ searchQuery }): Promise<PlatformMetaToolResult> => {
      try {
        return await data.searchMetadata(searchQuery);
      } catch (error) {
        // A model with errors, a deployment without one: the model reads why and tells the user.
        const message = error instanceof AppError ? error.message : 'the metadata search failed unexpectedly';
        return { error: message, searchQuery };
      }
    },
  });
}
