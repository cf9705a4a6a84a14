import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'
import type { Plugin, Rolldown } from 'vite'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }
// One id per build: the client compares it with /latest-build.json to notice a new release (spec 4).
const buildId = process.env.BUILD_ID ?? `${version}-${Date.now().toString(36)}`

function latestBuildFile(): Plugin {
  return {
    name: 'latest-build-file',
    apply: 'build',
    generateBundle() {
      if (this.environment.name !== 'client') return
      this.emitFile({ type: 'asset', fileName: 'latest-build.json', source: JSON.stringify({ buildId, version }) })
    },
  }
}

/** Shared modules that stay with the pages using them: the booking, forms, search and agency parts and the form inputs. */
const pagePart = /[\\/](booking|forms|search|agency|mask-input|Field|MaskedInput|NumberInput|useFormattedInput)\b/
const isCatalogueModule = (id: string) => /app[\\/](components|lib|browser)[\\/]/.test(id) && !pagePart.test(id)

const entryModule = fileURLToPath(new URL('./app/client.tsx', import.meta.url))
const ENTRY_CHUNK = 'entry'
const hydrationModule = fileURLToPath(new URL('./app/hydrate.ts', import.meta.url))
/** The chunks of the hydration's stages: their files are named `hydrate-1-<hash>.js`, `hydrate-2-<hash>.js`, … */
const HYDRATION_CHUNK = 'hydrate'
const isHydrationChunkFile = (file: string) => new RegExp(`(^|/)${HYDRATION_CHUNK}-\\d+-[\\w-]+\\.js$`).test(file)

/** The module `from` and every module it imports, directly or not (statically). */
function staticImports(from: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const seen = new Set<string>()
  const queue = [from]
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue
    seen.add(next)
    queue.push(...(ctx.getModuleInfo(next)?.importedIds ?? []))
  }
  return seen
}

/**
 * What the browser entry imports, directly or not, in its chunk (beside the entry module itself,
 * which Vite emits alone): else the bundler would put it with the app's code, and the entry would
 * load all of it at once.
 */
function entryChunk() {
  let modules: Set<string> | undefined
  return (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    modules ??= staticImports(entryModule, ctx)
    return modules.has(id) && id !== entryModule ? ENTRY_CHUNK : null
  }
}

/**
 * app/hydrate.ts imports the app in stages, one after the other, which the browser evaluates in a
 * task each: a stage's modules (what its import brings that the imports before it and the
 * catalogue's chunk do not) belong in one chunk, `hydrate-<n>` after the import's place. Left to
 * itself, the bundler split a dozen shared pieces off, each fetched and compressed alone (first
 * load of the start page 150.9 KB; in one chunk 146.4 KB).
 */
function hydrationChunks() {
  let chunkOf: Map<string, string> | undefined
  return (id: string, ctx: Rolldown.ChunkingContext): string | null => {
    if (!chunkOf) {
      const found = new Map<string, string>()
      ctx.getModuleInfo(hydrationModule)?.dynamicallyImportedIds.forEach((stage, index) => {
        for (const module of staticImports(stage, ctx)) if (!found.has(module)) found.set(module, `${HYDRATION_CHUNK}-${index + 1}`)
      })
      chunkOf = found
    }
    return chunkOf.get(id) ?? null
  }
}

export default defineConfig({
  server: { port: 3000 },
  environments: {
    client: {
      build: {
        // The browser entry preloads the app's chunks itself, one per task (preloadPageChunks):
        // Vite's helper would add their links in one task with the import.
        modulePreload: { resolveDependencies: (filename, deps) => (isHydrationChunkFile(filename) ? [] : deps) },
        rolldownOptions: {
          // A schema the browser code never uses (the server's configuration, the API's queries) is
          // neither shipped nor built while the page starts: zod/mini's functions build values and
          // do nothing else, but the bundler cannot know it. ESLint refuses a z.* call kept for an effect.
          // (Not `propertyReadSideEffects: false`: it also dropped reads React DOM makes for their
          // effect, such as the layout read before a view transition; DECISIONS, "Every `z.*` call counts as pure".)
          treeshake: { manualPureFunctions: ['z'] },
          output: {
            // The components and rules that three or more routes share (cards, images, formats, the
            // catalogue's schemas) in one chunk instead of two dozen of 0.1–1 KB each: a first load
            // fetched ~25 files, and each small file compresses alone.
            codeSplitting: {
              groups: [
                { name: 'catalogue', test: isCatalogueModule, minShareCount: 3, priority: 1 },
                { name: entryChunk(), debugName: ENTRY_CHUNK, priority: 2 },
                { name: hydrationChunks(), debugName: HYDRATION_CHUNK },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  // Bundled with the packages it imports resolved from its own folder: left to the server build's
  // later stage, its imports of @noble/ciphers and @noble/hashes 2 would resolve to pdfkit's 1.x
  // at the top of node_modules (and traced, two versions of one package break each other).
  ssr: { noExternal: ['better-auth', /^@better-auth\//, /^@noble\//, 'better-call', /^@better-fetch\//] },
  define: {
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId),
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
  },
  plugins: [
    tanstackStart({
      srcDirectory: 'app',
      router: { codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] } },
    }),
    viteReact(),
    latestBuildFile(),
    nitro({
      // BUILD_OUT_DIR lets several builds (e.g. parallel test runs) live side by side.
      output: { dir: process.env.BUILD_OUT_DIR ?? '.output' },
      plugins: [
        './app/server/nitro/node-version.ts',
        './app/server/nitro/warm-up.ts',
        './app/server/nitro/asset-not-found.ts',
        './app/server/nitro/security-headers.ts',
      ],
      errorHandler: './app/server/nitro/error-page.ts',
      compressPublicAssets: { gzip: true, brotli: true },
      // PGlite loads its WASM and data bundle, pdfkit its font metrics (.afm) at run time from their package folders.
      // SimpleWebAuthn imports reflect-metadata for its effect before its certificate library
      // (tsyringe) runs; bundled, that order is lost and the server fails to start.
      traceDeps: ['@electric-sql/pglite', 'pdfkit', '@simplewebauthn/server'],
      routeRules: {
        '/latest-build.json': { headers: { 'Cache-Control': 'no-cache' } },
      },
    }),
  ],
})
