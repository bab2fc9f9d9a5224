/** Import rules of DESIGN.md, enforced in CI (npm run imports). */
module.exports = {
  forbidden: [
    {
      name: 'contract-imports-only-zod',
      comment: 'packages/contract is pure: it may import zod and its own files only.',
      severity: 'error',
      from: { path: '^packages/contract/src' },
      to: { pathNot: ['^packages/contract/src', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'semantic-imports-only-yaml-and-libpg-query',
      comment: 'packages/semantic is pure: yaml, libpg-query and its own files only.',
      severity: 'error',
      from: { path: '^packages/semantic/src' },
      to: { pathNot: ['^packages/semantic/src', '(^|/)node_modules/(yaml|libpg-query)/'] },
    },
    {
      name: 'analyst-imports-only-its-own-files',
      comment:
        'packages/analyst is pure: the server hands it metadata and a query function; it imports nothing else.',
      severity: 'error',
      from: { path: '^packages/analyst/src' },
      to: { pathNot: '^packages/analyst/src' },
    },
    {
      name: 'data-api-never-imports-chat',
      comment: 'Chat uses the data API, never the other way: the data API owns the types both share.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/(semantic|data-api)/' },
      to: { path: '^packages/server/src/modules/chat/' },
    },
    {
      name: 'cli-never-imports-server',
      comment: 'The CLI talks to the server over HTTP only; it is typed by the contract.',
      severity: 'error',
      from: { path: '^packages/cli' },
      to: { path: '^packages/server' },
    },
    {
      name: 'web-imports-only-the-contract',
      comment:
        'packages/web runs in the browser and talks to the server over HTTP only: of our packages it imports the contract (for its types) alone.',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/(server|cli|semantic|analyst)/' },
    },
    {
      name: 'modules-own-their-tables',
      comment: "A module never reads another module's tables; it asks that module's service.",
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/' },
      to: {
        path: '^packages/server/src/modules/([^/]+)/.+\\.tables\\.ts$',
        pathNot: '^packages/server/src/modules/$1/',
      },
    },
    {
      name: 'modules-reach-others-only-through-their-factories-exports',
      comment:
        "A module uses another module's exported services and types, never its routes, jobs, migrations or tables; the factory file (*.module.ts) only for its types (the container wires the services).",
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/' },
      to: {
        path: '^packages/server/src/modules/([^/]+)/(.+\\.(routes|job)\\.ts$|migrations/)',
        pathNot: '^packages/server/src/modules/$1/',
      },
    },
    {
      name: 'modules-import-factories-for-types-only',
      comment:
        "Another module's factory is imported for its exported types (its services' shape), never called.",
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/' },
      to: {
        path: '^packages/server/src/modules/([^/]+)/[^/]+\\.module\\.ts$',
        pathNot: '^packages/server/src/modules/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'modules-never-import-the-process',
      comment: 'Modules are built by the container; they never import it, the apps or the process.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/' },
      to: { path: '^packages/server/src/(container|app|main|bootstrap)\\.ts$' },
    },
    {
      name: 'platform-never-imports-modules',
      comment: 'Adapters know nothing of the modules built on them (migrations are declared by each module).',
      severity: 'error',
      from: { path: '^packages/server/src/platform/' },
      to: { path: '^packages/server/src/modules/' },
    },
    {
      name: 'services-never-see-http',
      comment: 'Services throw AppError and return data; HTTP belongs to routes and src/http.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/.+\\.service\\.ts$' },
      to: { path: ['(^|/)node_modules/fastify/', '^packages/server/src/http/'] },
    },
    {
      name: 'http-never-imports-modules',
      comment:
        'src/http is the one surface registrar for every listener: generic over what each scheme produces, it names no module (app.ts wires the modules in).',
      severity: 'error',
      from: { path: '^packages/server/src/http/' },
      to: { path: '^packages/server/src/modules/' },
    },
    {
      name: 'routes-only-map-operations',
      comment: 'A routes file maps operations to service calls: no tables, no store, no platform adapters.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/.+\\.routes\\.ts$' },
      to: {
        path: [
          '\\.tables\\.ts$',
          '^packages/server/src/platform/',
          '(^|/)node_modules/(drizzle-orm|pg|@electric-sql)/',
        ],
      },
    },
    {
      name: 'only-the-container-builds-infrastructure',
      comment:
        'Adapters are constructed in container.ts alone (tests may build their own; the build opens a store in pglite-template-writer.ts to write the PGlite template).',
      severity: 'error',
      from: {
        path: '^packages/server/src',
        pathNot: '^packages/server/src/(container|pglite-template-writer)\\.ts$',
      },
      to: { path: '^packages/server/src/platform/.+/create-[^/]+\\.ts$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
