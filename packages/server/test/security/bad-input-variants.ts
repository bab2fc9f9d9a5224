import type { OperationDefinition } from '@platform/contract';
import type * as z from 'zod';
import { fieldsOf, type SchemaField, withValueAt } from './schema-fields.js';

/** One request of the bad-input suite: what it breaks, and whether the server must refuse it (4xx). */
export interface BadInputRequest {
  operationId: string;
  listener: 'management' | 'chat';
  variant: string;
  mustRefuse: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A valid call to start from: path parameters (raw values), query and body. */
export interface BaseRequest {
  params: Record<string, string | number>;
  query: Record<string, string | string[]>;
  body: unknown;
}

/** A seeded generator (mulberry32): the same seed gives the same requests on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`);

/** Strings that break naive code; `mustRefuse` when no schema may accept them. */
const oddStrings: Array<{ label: string; value: string; mustRefuse: boolean; isUrlSafe: boolean }> = [
  { label: 'NUL', value: 'a\u0000b', mustRefuse: true, isUrlSafe: true },
  { label: 'lone surrogate', value: 'a\uD800b', mustRefuse: true, isUrlSafe: false },
  { label: 'lone low surrogate', value: '\uDFFFz', mustRefuse: true, isUrlSafe: false },
  { label: 'RTL override', value: '\u202Eevil\u200F', mustRefuse: false, isUrlSafe: true },
  { label: 'U+FFFF', value: 'x\uFFFF\uFFFE', mustRefuse: false, isUrlSafe: true },
  { label: 'BOM and emoji', value: '\uFEFF\u{1F4A9}\u0301', mustRefuse: false, isUrlSafe: true },
  { label: 'path traversal', value: '../../../etc/passwd', mustRefuse: false, isUrlSafe: true },
  { label: 'SQL', value: "x'); DROP TABLE users; --", mustRefuse: false, isUrlSafe: true },
  { label: 'LIKE wildcards', value: '%_\\%', mustRefuse: false, isUrlSafe: true },
  { label: 'control characters', value: '\u0001\u001b[31m\r\n', mustRefuse: false, isUrlSafe: true },
  { label: 'empty', value: '', mustRefuse: false, isUrlSafe: true },
];

/** Values of the wrong type for a field of this kind. */
function wrongTypesFor(kind: SchemaField['kind']): Array<[string, unknown]> {
  const all: Array<[string, unknown]> = [
    ['number', -1],
    ['huge number', 1e308],
    ['fraction', 1.5],
    ['boolean', true],
    ['null', null],
    ['array', ['x']],
    ['object', { x: 1 }],
    ['string', 'not-the-type'],
  ];
  const sameKind: Record<SchemaField['kind'], string[]> = {
    string: ['string'],
    number: ['number', 'huge number', 'fraction'],
    boolean: ['boolean'],
    enum: ['string'],
    array: ['array'],
    object: ['object'],
    record: ['object'],
    other: [],
  };
  return all.filter(([label]) => !sameKind[kind].includes(label));
}

const badPathValues: Array<[string, string]> = [
  ['negative', '-1'],
  ['zero', '0'],
  ['huge', '99999999999999999999'],
  ['non-numeric', 'abc'],
  ['fraction', '1.5'],
  // A client resolves `..` before sending: another route may answer it, so it is not surely refused.
  ['dot-dot', '..'],
  ['encoded traversal', '..%2F..%2Fetc%2Fpasswd'],
  ['NUL', 'a%00b'],
  ['space', '%20'],
  ['RTL mark', '%E2%80%AE1'],
  ['U+FFFF', '%EF%BF%BF'],
  ['invalid UTF-8', '%C3%28'],
  ['over the router limit', 'x'.repeat(101)],
];

function urlOf(operation: OperationDefinition, params: Record<string, string>, query: BaseRequest['query']) {
  const path = operation.path.replace(
    /\{([A-Za-z0-9_]+)\}/g,
    (_match, name: string) => params[name] ?? 'missing',
  );
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map(
      (item) => `${encodeURIComponent(key)}=${encodeURIComponent(item)}`,
    ),
  );
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

function multipartOf(fields: Record<string, unknown>): { payload: Buffer; contentType: string } {
  const boundary = '----platform-bad-input';
  const parts = Object.entries(fields).map(([name, value]) => {
    const isFile = value instanceof Uint8Array;
    const header = isFile
      ? `Content-Disposition: form-data; name="${name}"; filename="${name}"\r\nContent-Type: application/octet-stream`
      : `Content-Disposition: form-data; name="${name}"`;
    const content = isFile
      ? Buffer.from(value)
      : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
    return Buffer.concat([Buffer.from(`--${boundary}\r\n${header}\r\n\r\n`), content, Buffer.from('\r\n')]);
  });
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Every bad variant of one operation's valid call: bad path values, and for each query and body field
 * of the schema wrong types, odd text, text over its limit, deep nesting, removal; then whole-body
 * variants (invalid JSON, wrong content types, empty, not an object, over the body limit).
 */
export function badInputVariants(
  operation: OperationDefinition,
  listener: BadInputRequest['listener'],
  base: BaseRequest,
  bodyLimitBytes: number,
): BadInputRequest[] {
  const requests: BadInputRequest[] = [];
  const isMultipart = operation.requestContentType === 'multipart/form-data';
  const hasBody = operation.method !== 'GET';
  const encodedParams = Object.fromEntries(
    Object.entries(base.params).map(([name, value]) => [name, encodeURIComponent(String(value))]),
  );
  const add = (
    variant: string,
    mustRefuse: boolean,
    parts: {
      params?: Record<string, string>;
      query?: BaseRequest['query'];
      body?: unknown;
      raw?: { contentType: string; payload: string | Buffer };
    },
  ) => {
    const headers: Record<string, string> = {};
    let payload: string | Buffer | undefined;
    if (parts.raw) {
      headers['content-type'] = parts.raw.contentType;
      payload = parts.raw.payload;
    } else if (parts.body !== undefined && hasBody) {
      if (isMultipart) {
        const multipart = multipartOf(parts.body as Record<string, unknown>);
        headers['content-type'] = multipart.contentType;
        payload = multipart.payload;
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(parts.body);
      }
    }
    requests.push({
      operationId: operation.operationId,
      listener,
      variant,
      mustRefuse,
      method: operation.method,
      url: urlOf(operation, parts.params ?? encodedParams, parts.query ?? base.query),
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
  };

  // A value the path's schema accepts (`abc` or `0` is a fine slug) is not surely refused.
  const isAcceptedParam = (name: string, value: string) => {
    if (!operation.params) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      return false;
    }
    return (operation.params as z.ZodType).safeParse({ ...base.params, [name]: decoded }).success;
  };
  for (const name of Object.keys(base.params)) {
    for (const [label, value] of badPathValues) {
      add(`path ${name}: ${label}`, value !== '..' && !isAcceptedParam(name, value), {
        params: { ...encodedParams, [name]: value },
        body: base.body,
      });
    }
  }

  for (const field of fieldsOf(operation.query, 1)) {
    const key = String(field.path[0]);
    for (const odd of oddStrings.filter((candidate) => candidate.isUrlSafe)) {
      add(`query ${key}: ${odd.label}`, odd.mustRefuse, {
        query: { ...base.query, [key]: odd.value },
        body: base.body,
      });
    }
    add(`query ${key}: repeated`, false, { query: { ...base.query, [key]: ['1', 'two'] }, body: base.body });
    add(`query ${key}: long`, false, {
      query: { ...base.query, [key]: 'q'.repeat(Math.min((field.maximumLength ?? 4000) + 1, 8000)) },
      body: base.body,
    });
    if (!field.isOptional)
      add(`query ${key}: missing`, true, { query: withoutKey(base.query, key), body: base.body });
  }
  const extraQuery = (variant: string, mustRefuse: boolean, rawQuery: string) => {
    const before = requests.length;
    add(variant, mustRefuse, { body: base.body });
    const request = requests[before] as BadInputRequest;
    request.url += `${request.url.includes('?') ? '&' : '?'}${rawQuery}`;
  };
  extraQuery('query: unknown parameter', false, 'unknownParameter=x');
  extraQuery('query: NUL in an unknown parameter', true, 'unknownParameter=a%00b');
  extraQuery('query: NUL in a parameter name', true, 'a%00b=1');
  extraQuery('query: invalid percent escape', false, 'unknownParameter=%E0%A4%A');
  extraQuery('query: encoded surrogate', false, 'unknownParameter=%ED%A0%80');
  extraQuery('query: RTL override', false, 'unknownParameter=%E2%80%AEx');
  extraQuery('query: bracket nesting', false, 'a[b][c][d]=1&a[]=2');
  extraQuery('query: 500 repeats', false, Array(500).fill('r=1').join('&'));
  extraQuery('query: 8,000 characters', false, `unknownParameter=${'q'.repeat(8000)}`);

  if (operation.body && hasBody) {
    for (const field of fieldsOf(operation.body)) {
      const at = field.path.join('.');
      const sure = !field.isInUnion;
      for (const [label, value] of wrongTypesFor(field.kind)) {
        if (value === null && field.isNullable) continue;
        if (isMultipart && field.kind === 'other') continue;
        add(`body ${at}: ${label}`, sure && field.kind !== 'other', {
          body: withValueAt(base.body, field.path, value),
        });
      }
      for (const odd of oddStrings) {
        add(`body ${at}: ${odd.label}`, odd.mustRefuse, {
          body: withValueAt(base.body, field.path, odd.value),
        });
      }
      if (field.kind === 'string' || field.kind === 'other') {
        const length = Math.min((field.maximumLength ?? 100_000) + 1, Math.floor(bodyLimitBytes / 2));
        add(`body ${at}: ${length} characters`, sure && field.maximumLength !== null, {
          body: withValueAt(base.body, field.path, 'y'.repeat(length)),
        });
      }
      if (!isMultipart)
        add(`body ${at}: nested 100 deep`, true, { body: withValueAt(base.body, field.path, nested(100)) });
      if (!field.isOptional && field.path.length === 1) {
        add(`body ${at}: missing`, sure, { body: withValueAt(base.body, field.path, undefined) });
      }
    }
    add('body: unknown field', false, { body: { ...(base.body as object), unknownField: 'x' } });
  }

  if (hasBody && !isMultipart) {
    const json = (payload: string) => ({ raw: { contentType: 'application/json', payload } });
    add('body: invalid JSON', true, json('{"a":'));
    add('body: trailing garbage', true, json('{} x'));
    add('body: nested 10,000 deep', true, json(`{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`));
    add('body: empty', operation.isBodyRequired, json(''));
    add('body: null', operation.isBodyRequired, json('null'));
    add('body: array', operation.body !== null, json('[1,2]'));
    add('body: string', operation.body !== null, json('"text"'));
    add('body: prototype poisoning', true, json('{"__proto__":{"isAdmin":true}}'));
    // An operation may declare a larger limit (dbt manifests): sending more than 8 MiB is not worth it.
    const limit = operation.bodyLimitBytes ?? bodyLimitBytes;
    if (limit <= 8 * 1024 * 1024)
      add('body: over the body limit', true, json(`{"a":"${'z'.repeat(limit + 10)}"}`));
  }
  if (hasBody) {
    const raw = (contentType: string, payload: string) => ({ raw: { contentType, payload } });
    add('content type: text/plain', true, raw('text/plain', 'hello'));
    add('content type: form', true, raw('application/x-www-form-urlencoded', 'a=1'));
    add('content type: XML', true, raw('application/xml', '<a/>'));
    if (!isMultipart) add('content type: multipart', true, multipartRaw());
    else add('content type: JSON for an upload', true, raw('application/json', '{}'));
  }
  return requests;
}

function multipartRaw() {
  const { payload, contentType } = multipartOf({ field: 'x' });
  return { raw: { contentType, payload } };
}

function withoutKey(query: BaseRequest['query'], key: string): BaseRequest['query'] {
  return Object.fromEntries(Object.entries(query).filter(([name]) => name !== key));
}

/** Picks `count` requests of the list with the generator (all of them when there are fewer). */
export function sampleOf<Item>(items: readonly Item[], count: number, random: () => number): Item[] {
  const pool = [...items];
  for (let index = pool.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [pool[index], pool[other]] = [pool[other] as Item, pool[index] as Item];
  }
  return pool.slice(0, count);
}
