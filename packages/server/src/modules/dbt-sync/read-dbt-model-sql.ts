import { type DbtModelConfig, setConfig } from './read-dbt-project-config.js';

/**
 * The `{{ config(materialized='table', schema='x', alias='y', enabled=false) }}` calls of a model's SQL
 * (dbt's highest-precedence config). Only literal keyword values are read: anything computed needs dbt.
 * Jinja comments are dropped first; SQL comments are not, because dbt renders Jinja inside them too.
 */
export function readModelSqlConfig(sql: string): DbtModelConfig {
  const config: DbtModelConfig = {};
  const withoutComments = sql.replace(/\{#[\s\S]*?#\}/g, '');
  for (const call of withoutComments.matchAll(/\{\{-?\s*config\s*\(([\s\S]*?)\)\s*-?\}\}/g)) {
    const keywords = call[1] ?? '';
    for (const argument of keywords.matchAll(
      /(\w+)\s*=\s*(?:'([^']*)'|"([^"]*)"|(true|false|True|False)\b)/g,
    )) {
      const [, name = '', single, double, boolean] = argument;
      setConfig(config, name, boolean === undefined ? (single ?? double) : boolean.toLowerCase() === 'true');
    }
  }
  return config;
}

/** `{% docs name %}…{% enddocs %}` blocks of the project's Markdown files, by name. */
export function readDocBlocks(markdown: Iterable<string>): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const text of markdown) {
    for (const match of text.matchAll(/\{%-?\s*docs\s+(\w+)\s*-?%\}([\s\S]*?)\{%-?\s*enddocs\s*-?%\}/g)) {
      blocks.set(match[1] ?? '', (match[2] ?? '').trim());
    }
  }
  return blocks;
}

/** Renders `{{ doc('name') }}` in a description the way dbt does; an unknown block is left as written. */
export function renderDescription(
  description: string | undefined,
  docBlocks: ReadonlyMap<string, string>,
): string | null {
  if (description === undefined) return null;
  const rendered = description
    .replace(
      /\{\{\s*doc\(\s*(['"])(\w+)\1\s*\)\s*\}\}/g,
      (whole, _quote: string, name: string) => docBlocks.get(name) ?? whole,
    )
    .trim();
  return rendered === '' ? null : rendered;
}

/** `{% macro name(…) %}` definitions in one macro file. */
export function countMacros(sql: string): number {
  return [...sql.matchAll(/\{%-?\s*macro\s+\w+/g)].length;
}
