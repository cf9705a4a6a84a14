// `npm run lint:cycles` (part of `npm test`): no module of app/ imports itself through others, type
// imports included, so that each can be read, tested and loaded on its own. The router's generated
// tree is left out: TanStack Router writes it and it imports every route by design.
module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      comment: 'A cycle: move what both sides need into a module of its own, or pass it in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count as well: a cycle of types is still a knot for the reader.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^app/routeTree\\.gen\\.ts$' },
  },
}
