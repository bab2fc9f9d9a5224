import type * as z from 'zod';

export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'record' | 'other';

/** One field a client can fill in, found by walking an operation's zod schema. */
export interface SchemaField {
  path: readonly (string | number)[];
  kind: FieldKind;
  /** Absent is fine: optional, nullable-with-default or defaulted. */
  isOptional: boolean;
  /** null is a value the schema accepts. */
  isNullable: boolean;
  /** Inside a union: another branch may accept what this one refuses, so a bad value is not surely a 400. */
  isInUnion: boolean;
  /** The schema's maximum length for a string or array, when it declares one. */
  maximumLength: number | null;
}

interface ZodInternals {
  def: {
    type: string;
    innerType?: z.ZodType;
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    options?: z.ZodType[];
    in?: z.ZodType;
    out?: z.ZodType;
    getter?: () => z.ZodType;
    valueType?: z.ZodType;
  };
  bag?: { maximum?: number };
}

function internalsOf(schema: z.ZodType): ZodInternals {
  return (schema as unknown as { _zod: ZodInternals })._zod;
}

const wrapperTypes = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'catch',
  'readonly',
  'nonoptional',
]);
const optionalTypes = new Set(['optional', 'default', 'prefault', 'catch']);

/** The schema under its wrappers (optional, default, pipes, lazy), and whether absence is accepted. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; isOptional: boolean; isNullable: boolean } {
  let current = schema;
  let isOptional = false;
  let isNullable = false;
  for (let step = 0; step < 20; step += 1) {
    const { def } = internalsOf(current);
    if (optionalTypes.has(def.type)) isOptional = true;
    if (def.type === 'nullable') isNullable = true;
    if (wrapperTypes.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) {
      // A preprocess or transform keeps its shape in the output side; a plain pipe in its input side.
      current = internalsOf(def.in).def.type === 'transform' ? def.out : def.in;
    } else if (def.type === 'lazy' && def.getter) current = def.getter();
    else break;
  }
  return { schema: current, isOptional, isNullable };
}

function kindOf(type: string): FieldKind {
  if (type === 'string' || type === 'template_literal') return 'string';
  if (type === 'number' || type === 'int' || type === 'bigint') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'enum' || type === 'literal') return 'enum';
  if (type === 'array' || type === 'tuple') return 'array';
  if (type === 'object') return 'object';
  if (type === 'record') return 'record';
  return 'other';
}

/**
 * Every field of a schema down to `maximumDepth` levels: objects by their keys, arrays by their first
 * element, unions by their first branch (marked, as a bad value may fit another branch).
 */
export function fieldsOf(schema: z.ZodType | null, maximumDepth = 4): SchemaField[] {
  if (!schema) return [];
  const fields: SchemaField[] = [];
  const visit = (current: z.ZodType, path: (string | number)[], isInUnion: boolean, isOptional: boolean) => {
    const unwrapped = unwrap(current);
    const { def, bag } = internalsOf(unwrapped.schema);
    let target = unwrapped.schema;
    let inUnion = isInUnion;
    if (def.type === 'union' && def.options?.[0]) {
      target = unwrap(def.options[0]).schema;
      inUnion = true;
    }
    const targetDef = internalsOf(target).def;
    const kind = kindOf(targetDef.type);
    if (path.length > 0) {
      fields.push({
        path,
        kind,
        isOptional: isOptional || unwrapped.isOptional,
        isNullable: unwrapped.isNullable,
        isInUnion: inUnion,
        maximumLength: internalsOf(target).bag?.maximum ?? bag?.maximum ?? null,
      });
    }
    if (path.length >= maximumDepth) return;
    if (kind === 'object' && targetDef.shape) {
      for (const [key, value] of Object.entries(targetDef.shape))
        visit(value, [...path, key], inUnion, false);
    } else if (kind === 'array' && targetDef.element) {
      visit(targetDef.element, [...path, 0], inUnion, false);
    }
  };
  visit(schema, [], false, false);
  return fields;
}

/** A copy of `value` with `replacement` at `path` (created on the way when missing; undefined removes it). */
export function withValueAt(
  value: unknown,
  path: readonly (string | number)[],
  replacement: unknown,
): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const container = (
    Array.isArray(value)
      ? [...value]
      : typeof value === 'object' && value !== null
        ? { ...(value as Record<string, unknown>) }
        : typeof head === 'number'
          ? []
          : {}
  ) as Record<string | number, unknown>;
  const next = withValueAt(container[head], rest, replacement);
  if (next === undefined && rest.length === 0) delete container[head];
  else container[head] = next;
  return container;
}
