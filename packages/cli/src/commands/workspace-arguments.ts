import { type WorkspaceItemType, workspaceItemTypes } from '@platform/contract';
import { InvalidArgumentError } from 'commander';
import { parseId } from '../program/argument-parsers.js';
import { UsageError } from '../program/cli-errors.js';

/** `folder`, `WORKBOOK`, `report` (any case) → the API's type. */
export function parseItemType(value: string): WorkspaceItemType {
  const type = value.trim().toUpperCase();
  if (!(workspaceItemTypes as readonly string[]).includes(type)) {
    throw new InvalidArgumentError(`must be one of ${workspaceItemTypes.join(', ').toLowerCase()}`);
  }
  return type as WorkspaceItemType;
}

export function collectItemTypes(
  value: string,
  previous: WorkspaceItemType[] | undefined,
): WorkspaceItemType[] {
  return [...(previous ?? []), ...value.split(',').filter(Boolean).map(parseItemType)];
}

/** One item as `<type>:<id>`, e.g. `folder:3`, `report:12`. */
export function parseItemRef(value: string): { type: WorkspaceItemType; id: number } {
  const match = /^([A-Za-z]+):(.+)$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError(`"${value}" is not <type>:<id> (e.g. folder:3, report:12)`);
  return { type: parseItemType(match[1] as string), id: parseId(match[2] as string) };
}

/**
 * `--to <folderId>` or `--to root`: where items move. The root stays the word `root` here, since commander
 * turns an option parser's null into an empty string; `folderIdOf` makes it the API's null.
 */
export function parseTargetFolder(value: string): number | 'root' {
  return value.trim().toLowerCase() === 'root' ? 'root' : parseId(value);
}

export function folderIdOf(target: number | 'root'): number | null {
  return target === 'root' ? null : target;
}

/** The items of a bulk command (space- or comma-separated); a malformed one is a usage error. */
export function parseItemRefs(rawItems: readonly string[]): Array<{ type: WorkspaceItemType; id: number }> {
  return rawItems
    .flatMap((raw) => raw.split(','))
    .filter((raw) => raw.trim() !== '')
    .map((raw) => {
      try {
        return parseItemRef(raw);
      } catch (error) {
        if (error instanceof InvalidArgumentError) throw new UsageError(`${raw}: ${error.message}`);
        throw error;
      }
    });
}
