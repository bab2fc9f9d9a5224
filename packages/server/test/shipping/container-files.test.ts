import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const repositoryRoot = new URL('../../../../', import.meta.url);

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
}

async function text(path: string): Promise<string> {
  return readFile(new URL(path, repositoryRoot), 'utf8');
}

/** The README's "Environment per role" table: role → the variables it lists. */
function documentedRoles(readme: string): Map<string, string[]> {
  const section = readme.split('### Environment per role')[1]?.split('\n## ')[0] ?? '';
  const roles = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const role = /^`(\w+)`$/.exec(cells[1] ?? '')?.[1];
    if (!role) continue;
    roles.set(
      role,
      [...(cells[3] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1] ?? ''),
    );
  }
  return roles;
}

describe('compose.yaml and the Dockerfile', () => {
  it('run 2 api, 1 ai and 1 worker on PostgreSQL, Redis and one shared data directory', async () => {
    const compose = parse(await text('compose.yaml'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    const platformServices = Object.entries(compose.services).filter(
      ([, service]) => service.environment?.PLATFORM_ROLE !== undefined,
    );
    const roles = platformServices.map(([, service]) => service.environment?.PLATFORM_ROLE).sort();
    expect(roles).toEqual(['ai', 'api', 'api', 'worker']);
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    for (const [, service] of platformServices) {
      const environment = service.environment ?? {};
      expect(environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
      expect(environment.REDIS_URL).toBe('redis://redis:6379');
      expect(environment.PLATFORM_SECRET_KEY).toBeTruthy();
      expect(service.volumes).toContain(`platform-data:${environment.PLATFORM_DATA_DIR}`);
    }
  });

  it('name the same variables per role as the README', async () => {
    const compose = parse(await text('compose.yaml'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    const documented = documentedRoles(await text('README.md'));
    expect([...documented.keys()].sort()).toEqual(['ai', 'all', 'api', 'worker']);
    for (const [name, service] of Object.entries(compose.services)) {
      const role = service.environment?.PLATFORM_ROLE;
      if (!role) continue;
      const listed = documented.get(role) ?? [];
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(listed, `${name} sets ${variable}, which the README does not list for ${role}`).toContain(
          variable,
        );
      }
    }
  });

  it('build in two stages and run as a non-root user with a health check, a data volume and both ports', async () => {
    const dockerfile = await text('Dockerfile');
    const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\w+)$/gm)].map((match) => match[1]);
    expect(stages).toEqual(['build', 'runtime']);
    const runtime = dockerfile.split(/^FROM .* AS runtime$/m)[1] ?? '';
    expect(runtime).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(runtime).toMatch(/^EXPOSE 4000 4001$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    expect(runtime).toMatch(/^CMD \["node", "packages\/server\/dist\/main\.js"\]$/m);
  });
});
