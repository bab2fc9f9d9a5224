import { describe, expect, it } from 'vitest';
import { InvalidPathError, normaliseModelPath } from '../../src/platform/git-store/git-store.js';

describe('normaliseModelPath', () => {
  it.each([
    ['model/cubes/orders.yml', 'model/cubes/orders.yml'],
    ['/model/cubes/orders.yml', 'model/cubes/orders.yml'],
    ['orders.yml', 'orders.yml'],
    ['./model/orders.yml', 'model/orders.yml'],
    ['model/./orders.yml', 'model/orders.yml'],
    ['model/.hidden.yml', 'model/.hidden.yml'],
    ['model/..orders.yml', 'model/..orders.yml'],
    ['model/orders..yml', 'model/orders..yml'],
    ['model/.gitkeep', 'model/.gitkeep'],
    ['model/git/orders.yml', 'model/git/orders.yml'],
    ['модель/заказы.yml', 'модель/заказы.yml'],
    ['model/with space.yml', 'model/with space.yml'],
    // Near misses of git's own names are ordinary names.
    ['git~/orders.yml', 'git~/orders.yml'],
    ['git~a/orders.yml', 'git~a/orders.yml'],
    ['.gitignore', '.gitignore'],
    ['.git-orders.yml', '.git-orders.yml'],
    ['x.git/orders.yml', 'x.git/orders.yml'],
    ['gitmodules', 'gitmodules'],
  ])('accepts %j as %j', (input, expected) => {
    expect(normaliseModelPath(input)).toBe(expected);
  });

  it.each([
    ['', /empty/],
    ['/', /empty segment/],
    ['//etc/passwd', /absolute/],
    ['C:/windows/system.ini', /absolute/],
    ['c:orders.yml', /absolute/],
    ['../secret.yml', /'\.\.'/],
    ['model/../../secret.yml', /'\.\.'/],
    ['model/..', /'\.\.'/],
    ['/..', /'\.\.'/],
    ['.git/config', /\.git/],
    ['model/.git/hooks/pre-commit', /\.git/],
    ['model/.GIT/config', /\.git/],
    ['.git', /\.git/],
    // What git on Windows (NTFS, 8.3 names, streams) or macOS (HFS+ ignorables) would take for `.git`.
    ...[
      'git~1/config',
      'GIT~1/config',
      'Git~2/hooks/pre-commit',
      'git~10/config',
      '.git./config',
      '.git /config',
      '.git. . ./config',
      '.GIT../config',
      '.git::$INDEX_ALLOCATION/config',
      '.git:stream',
      'git~1:x/config',
      ...['\u200c', '\u200d', '\u200e', '\u200f', '\u202a', '\u202e', '\u206a', '\u206f', '\ufeff'].map(
        (ignorable) => `model/.${ignorable}git/config`,
      ),
      '.git\u200c/config',
      '.g\u200cI\u200dt\ufeff/config',
      '.gitmodules',
      'model/.GitModules',
      '.gitmodules .',
      'gitmod~1',
      '.git\u200cmodules',
    ].map((path): [string, RegExp] => [path, /\.git/]),
    ['model//orders.yml', /empty segment/],
    ['model/orders.yml/', /empty segment/],
    ['model\\orders.yml', /backslash/],
    ['..\\secret.yml', /backslash/],
    ['model/orders\u0000.yml', /control/],
    ['model/orders\n.yml', /control/],
    ['model/orders\u007f.yml', /control/],
    ['.', /names no file/],
    ['./.', /names no file/],
    [`model/${'a'.repeat(256)}.yml`, /longer than 255 bytes/],
    ['a/'.repeat(2100), /longer than 4096/],
  ])('rejects %j', (input, message) => {
    expect(() => normaliseModelPath(input)).toThrow(InvalidPathError);
    expect(() => normaliseModelPath(input)).toThrow(message);
  });
});
