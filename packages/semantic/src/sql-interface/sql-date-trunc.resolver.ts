import type { FuncCall } from 'libpg-query';
import { standardGranularities } from '../dialect/sql-dialect.types.js';
import { resolveColumn, type SqlTranslationContext } from './sql-column.resolver.js';
import { describeUnsupportedNode, locationOf } from './sql-node.js';
import type { SqlTerm } from './sql-term.types.js';

function granularityName(names: readonly string[], written: string): string | undefined {
  return (
    names.find((name) => name === written) ??
    names.find((name) => name.toLowerCase() === written.toLowerCase())
  );
}

/** `DATE_TRUNC('month', created_at)`: the time dimension at a standard or custom granularity. */
export function resolveDateTrunc(call: FuncCall, context: SqlTranslationContext): SqlTerm {
  const { text } = context;
  const [granularityNode, dimensionNode, extra] = call.args ?? [];
  if (granularityNode === undefined || dimensionNode === undefined || extra !== undefined) {
    throw text.error(
      call.location,
      'DATE_TRUNC takes two arguments',
      "write DATE_TRUNC('month', time_dimension)",
    );
  }
  const written = 'A_Const' in granularityNode ? granularityNode.A_Const.sval?.sval : undefined;
  if (written === undefined) {
    throw text.error(
      locationOf(granularityNode),
      'DATE_TRUNC needs a granularity as a string constant',
      "write DATE_TRUNC('month', time_dimension)",
    );
  }
  if (!('ColumnRef' in dimensionNode)) {
    throw text.error(
      locationOf(dimensionNode),
      `${describeUnsupportedNode(dimensionNode)} not supported in DATE_TRUNC()`,
      'DATE_TRUNC takes a time dimension',
    );
  }
  const member = resolveColumn(dimensionNode.ColumnRef, context);
  const definition = member.definition;
  if (definition.kind !== 'dimension' || definition.type !== 'time') {
    const what = definition.kind === 'dimension' ? `a ${definition.type} dimension` : `a ${definition.kind}`;
    throw text.error(
      dimensionNode.ColumnRef.location,
      `DATE_TRUNC takes a time dimension, but "${member.name}" is ${what}`,
    );
  }
  const customNames = definition.granularities.map((granularity) => granularity.name);
  const granularity = granularityName([...standardGranularities, ...customNames], written);
  if (granularity === undefined) {
    throw text.error(
      locationOf(granularityNode),
      `Unknown granularity "${written}" for ${member.name}`,
      `use ${[...standardGranularities, ...customNames].join(', ')}`,
    );
  }
  return { kind: 'timeDimension', member, granularity, key: `${member.path}.${granularity}` };
}
