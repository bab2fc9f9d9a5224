import type { OperationResult, Operations } from '@platform/contract';
import { formatKeyValues } from '../output/key-values.js';
import { formatTable } from '../output/table.js';

type UserAttribute = OperationResult<Operations['getUserAttribute']>;
type UserAttributeValueItem = OperationResult<Operations['setUserAttributeValue']>;

/** Values print as JSON, so that the string "12" and the number 12 read differently. */
function valueText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

export function formatUserAttributes(attributes: readonly UserAttribute[]): string {
  if (attributes.length === 0) return 'no user attributes';
  return formatTable(
    [
      { header: 'ID', value: (attribute: UserAttribute) => attribute.id },
      { header: 'NAME', value: (attribute: UserAttribute) => attribute.name },
      { header: 'TYPE', value: (attribute: UserAttribute) => attribute.type },
      { header: 'DISPLAY NAME', value: (attribute: UserAttribute) => attribute.displayName },
      { header: 'DEFAULT', value: (attribute: UserAttribute) => valueText(attribute.defaultValue) },
    ],
    attributes,
  );
}

export function formatUserAttribute(attribute: UserAttribute): string {
  return formatKeyValues([
    ['id', attribute.id],
    ['name', attribute.name],
    ['type', attribute.type],
    ['display name', attribute.displayName],
    ['description', attribute.description],
    ['default', valueText(attribute.defaultValue)],
    ['created', attribute.createdAt],
  ]);
}

export function formatUserAttributeValues(items: readonly UserAttributeValueItem[]): string {
  if (items.length === 0) return 'no user attributes';
  return formatTable(
    [
      { header: 'ID', value: (item: UserAttributeValueItem) => item.userAttributeId },
      { header: 'NAME', value: (item: UserAttributeValueItem) => item.name },
      { header: 'TYPE', value: (item: UserAttributeValueItem) => item.type },
      { header: 'VALUE', value: (item: UserAttributeValueItem) => valueText(item.value) },
      { header: 'SOURCE', value: (item: UserAttributeValueItem) => (item.isDefault ? 'default' : 'user') },
    ],
    items,
  );
}
