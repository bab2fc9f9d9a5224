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
