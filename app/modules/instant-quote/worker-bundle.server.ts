import { fileURLToPath } from 'node:url'

// The analysis worker runs as one bundled ES module, in production and in development alike:
// Node 20 does not pass `--import tsx` on to a worker's entry, and loading three through tsx's
// hooks took seconds per worker. `npm run build` writes build/model-worker.mjs
// (scripts/build-model-worker.ts); the dev server and the tests bundle the source once per process.

const source = fileURLToPath(new URL('./model-worker.ts', import.meta.url))

/** Bundles model-worker.ts and everything it imports (three, linkedom) into `outfile`. */
export async function bundleModelWorker(outfile: string): Promise<void> {
  const esbuild = await import('esbuild')
  await esbuild.build({
    entryPoints: [source],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // linkedom reaches for the optional `canvas` package only for <canvas> elements.
    external: ['canvas'],
    logLevel: 'warning',
  })
}
