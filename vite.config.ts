import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
  // The production server (server.js) imports the express app from the server build, so the
  // server entry is our own server/app.ts, which in turn mounts React Router's request handler.
  build: isSsrBuild ? { rollupOptions: { input: './server/app.ts' }, target: 'node20' } : undefined,
  ssr: {
    // Native or WASM packages, and pdfkit (it reads its font files from its own folder), must stay as runtime imports instead of being bundled.
    external: ['@electric-sql/pglite', 'sharp', 'pg', 'pino', 'nodemailer', 'stripe', 'better-auth', 'pdfkit'],
  },
  plugins: [tailwindcss(), reactRouter()],
}))
