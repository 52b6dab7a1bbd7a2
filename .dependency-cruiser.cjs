// The directions imports may take (decision 037), checked by `npm run deps` in `npm run check`.
// Known violations (.dependency-cruiser-known-violations.json) would be recorded debt that
// `--ignore-known` lets pass while any new one fails. It holds none: the web features' reaches
// into each other's files went through their public.ts or moved below the features. Keep it
// empty; regenerate it only to remove entries, never to add one.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import circle: type-only imports aside, every module has a place below the one importing it.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'server-lower-layers-stay-below-modules',
      comment:
        'lib, db, auth, events, mail and config are below the feature modules: they import none.',
      severity: 'error',
      from: { path: '^apps/server/src/((lib|db|auth|events|mail|config)/|config\\.ts$)' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'config-imports-nothing-of-the-app',
      comment:
        'Configuration (config.ts and its topics in config/) is read first and imports nothing of the app (paths.ts holds two constants).',
      severity: 'error',
      from: { path: '^apps/server/src/(config\\.ts$|config/)' },
      to: {
        path: '^apps/server/src/',
        pathNot: '^apps/server/src/(config\\.ts|config/|paths\\.ts)',
      },
    },
    {
      name: 'shared-imports-no-app',
      comment: 'packages/shared is below both apps.',
      severity: 'error',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-below-features-imports-no-feature',
      comment: 'components, lib and i18n are below the features.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|i18n)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-reaches-another-only-through-public',
      comment: 'A feature uses another only through features/<other>/public.ts.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/([^/]+)/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/public\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
