import type { PageInfo } from '@platform/contract';
import { type Command, Option } from 'commander';
import { parsePageSize } from './argument-parsers.js';
import type { CommandContext } from './command-context.js';

export interface PagingOptions {
  first?: number;
  after?: string;
  all?: boolean;
}

export interface Page<Item> {
  items: Item[];
  pageInfo: PageInfo;
}

export function addPagingOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--first <count>', 'page size (the server caps it at 100)').argParser(parsePageSize),
    )
    .option('--after <cursor>', 'start after this cursor (the endCursor of the previous page)')
    .option('--all', 'follow the cursors and fetch every page');
}

/** One page, or with --all every page concatenated; the pageInfo is the last page's. */
export async function fetchPages<Item>(
  options: PagingOptions,
  fetchPage: (paging: { first?: number; after?: string }) => Promise<Page<Item>>,
): Promise<Page<Item>> {
  const items: Item[] = [];
  let after = options.after;
  for (;;) {
    const page = await fetchPage({ first: options.first, after });
    items.push(...page.items);
    const next = page.pageInfo.endCursor;
    // A server that claims more pages without a new cursor would loop forever; stop instead.
    if (!options.all || !page.pageInfo.hasNextPage || !next || next === after) {
      return { items, pageInfo: page.pageInfo };
    }
    after = next;
  }
}

/** Tells a person how to get the next page; scripts use --json and read pageInfo themselves. */
export function noteMorePages(context: CommandContext, page: Page<unknown>): void {
  if (page.pageInfo.hasNextPage && page.pageInfo.endCursor) {
    context.note(`more results: add --after ${page.pageInfo.endCursor} (or --all)`);
  }
}
