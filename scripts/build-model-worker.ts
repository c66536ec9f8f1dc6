// Part of `npm run build`: bundles the model analysis worker (app/modules/instant-quote/
// model-worker.ts, with three and linkedom) into build/model-worker.mjs, next to build/server/,
// where the server build starts it from (ADR 034). An output path may be given for checks.
import path from 'node:path'
import { bundleModelWorker } from '#app/modules/instant-quote/worker-bundle.server.ts'

const outfile = path.resolve(process.argv[2] ?? 'build/model-worker.mjs')
await bundleModelWorker(outfile)
console.info(`Model analysis worker written to ${path.relative(process.cwd(), outfile)}.`)
