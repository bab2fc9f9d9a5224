import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readContentDirectory, writeContentDirectory } from '../src/content/content-directory.js';
import type { ContentDocuments } from '../src/content/content-documents.js';

const documents: ContentDocuments = {
  folders: [{ name: 'Sales', position: 1, folders: [{ name: 'Europe', position: 0, folders: [] }] }],
  workbooks: [
    { slug: 'revenue', name: 'Revenue', folder: ['Sales', 'Europe'], isShared: true, meta: { a: 1 } },
  ],
  reports: [
    {
      publicId: 'AbCdEf012345',
      name: 'Orders',
      title: null,
      description: 'multi\nline',
      kind: 'vega',
      folder: ['Sales'],
      workbook: 'revenue',
      jsonQuery: { measures: ['orders.count'], order: [['orders.count', 'desc']] },
      sqlQuery: null,
      spec: '{"mark": "bar"}',
      meta: {},
      preferences: null,
      periodComparisons: [
        { measure: 'orders.count', timeDimension: 'orders.created_at', offset: { amount: 1, unit: 'year' } },
      ],
      fillMissingRows: null,
    },
  ],
};

describe('content directory', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'platform-content-unit-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('writes what it reads back, file per workbook and report', async () => {
    await writeContentDirectory(directory, documents);
    expect((await readdir(join(directory, 'workbooks'))).sort()).toEqual(['revenue.yaml']);
    expect((await readdir(join(directory, 'reports'))).sort()).toEqual(['AbCdEf012345.yaml']);
    expect(await readFile(join(directory, 'content.yaml'), 'utf8')).toMatch(/^format: platform-content\/1\n/);
    expect(await readContentDirectory(directory)).toEqual(documents);
  });

  it('removes the files of items that are gone and leaves other files alone', async () => {
    await writeContentDirectory(directory, documents);
    await writeFile(join(directory, 'README.md'), 'notes');
    await writeContentDirectory(directory, { folders: [], workbooks: [], reports: [] });
    expect(await readdir(join(directory, 'reports'))).toEqual([]);
    expect(await readdir(join(directory, 'workbooks'))).toEqual([]);
    expect(await readFile(join(directory, 'README.md'), 'utf8')).toBe('notes');
  });

  it('fills defaults for fields a hand-written file leaves out', async () => {
    await writeContentDirectory(directory, { folders: [], workbooks: [], reports: [] });
    await writeFile(
      join(directory, 'reports', 'Handwritten1.yaml'),
      'publicId: Handwritten1\nname: By hand\n',
    );
    const read = await readContentDirectory(directory);
    expect(read.reports).toEqual([
      {
        publicId: 'Handwritten1',
        name: 'By hand',
        title: null,
        description: null,
        kind: 'table',
        folder: [],
        workbook: null,
        jsonQuery: null,
        sqlQuery: null,
        spec: null,
        meta: {},
        preferences: null,
        periodComparisons: [],
        fillMissingRows: null,
      },
    ]);
  });

  const broken: Array<[string, string, string, RegExp]> = [
    ['content.yaml', 'content.yaml', 'format: other/1\n', /content\.yaml: format: /],
    [
      'content.yaml',
      'content.yaml',
      'format: platform-content/1\nfolders: [{name: A}, {name: A}]\n',
      /two sibling folders have the same name/,
    ],
    [
      'content.yaml',
      'content.yaml',
      'format: platform-content/1\nfolders: [{name: a/b}]\n',
      /cannot hold "\/"/,
    ],
    [
      'a misnamed workbook',
      'workbooks/other.yaml',
      'slug: revenue\nname: R\n',
      /must be named revenue\.yaml/,
    ],
    ['a bad slug', 'workbooks/Bad.yaml', 'slug: Bad\nname: R\n', /workbooks\/Bad\.yaml: slug: /],
    [
      'an unknown folder',
      'workbooks/x.yaml',
      'slug: x\nname: X\nfolder: [Nowhere]\n',
      /workbooks\/x\.yaml: folder Nowhere is not in content\.yaml/,
    ],
    [
      'both queries',
      'reports/Both00000000.yaml',
      'publicId: Both00000000\nname: B\njsonQuery: {measures: [a.b]}\nsqlQuery: SELECT 1\n',
      /jsonQuery or sqlQuery, not both/,
    ],
    ['an unknown key', 'reports/Typo00000000.yaml', 'publicId: Typo00000000\nname: T\ntitel: x\n', /titel/],
    ['a bad kind', 'reports/Kind00000000.yaml', 'publicId: Kind00000000\nname: K\nkind: pie\n', /kind: /],
    ['bad YAML', 'reports/Yaml00000000.yaml', 'name: [unclosed\n', /reports\/Yaml00000000\.yaml: /],
  ];
  it.each(broken)('refuses %s, naming the file', async (_what, file, text, message) => {
    await writeContentDirectory(directory, documents);
    await writeFile(join(directory, file), text);
    await expect(readContentDirectory(directory)).rejects.toThrow(message);
  });

  it('refuses a directory without content.yaml', async () => {
    await expect(readContentDirectory(directory)).rejects.toThrow(/content\.yaml: ENOENT/);
  });
});
