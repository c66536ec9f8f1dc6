import { type ReactNode, useEffect } from 'react'
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import { deferredPartsHydrated } from '#app/components/deferred.tsx'
import { SiteFooter } from '#app/components/layout/site-footer.tsx'
import { SiteHeader } from '#app/components/layout/site-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { showToast, Toaster } from '#app/components/ui/toaster.tsx'
import { BootAfterLoad } from '#app/utils/boot-after-load.tsx'
import { getPublicEnv } from '#app/utils/env.server.ts'
import { InlineStylesheet } from '#app/utils/inline-stylesheet.tsx'
import { useNonce } from '#app/utils/nonce-provider.ts'
import { readToast } from '#app/utils/toast.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import type { Route } from './+types/root.ts'

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
]

export async function loader({ request }: Route.LoaderArgs) {
  const [viewer, { toast, headers }] = await Promise.all([getViewer(request), readToast(request)])
  const viewerDto = viewer ? { name: viewer.name, email: viewer.email, isAdmin: viewer.isAdmin } : null
  return data({ env: getPublicEnv(), viewer: viewerDto, toast }, { headers: headers ?? undefined })
}

export type RootLoaderData = typeof loader

export function useRootData() {
  return useRouteLoaderData<RootLoaderData>('root')
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData()
  const nonce = useNonce()
  const chatScript = data?.env.LIVE_CHAT_SCRIPT_URL
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <InlineStylesheet />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <BootAfterLoad nonce={nonce} />
        {chatScript ? <script src={chatScript} async nonce={nonce} /> : null}
      </body>
    </html>
  )
}

function Shell({ children }: { children: ReactNode }) {
  const data = useRootData()
  // Lets browser tests (and anyone curious) know client-side handlers are attached, the deferred
  // parts' too (decision 036).
  useEffect(() => {
    void deferredPartsHydrated().then(() => {
      document.documentElement.dataset.hydrated = 'true'
    })
  }, [])
  // A toast decided on the server before a redirect (for example 'Access Denied').
  const toast = data?.toast
  useEffect(() => {
    if (toast) showToast(toast)
  }, [toast])
  // The back-office brings its own frame (routes/admin/admin-layout.tsx).
  const adminShell = useMatches().some((match) => (match.handle as { shell?: string } | undefined)?.shell === 'admin')
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        Skip to content
      </a>
      {adminShell ? (
        children
      ) : (
        <>
          <SiteHeader viewer={data?.viewer ?? null} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter marketplaceUrl={data?.env.MARKETPLACE_URL} />
        </>
      )}
      <Toaster />
    </>
  )
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

export function meta() {
  return [
    { title: 'LayerWorks 3D · 3D design, scanning and printing' },
    {
      name: 'description',
      content: 'Custom 3D design, precise 3D scanning and made-to-order 3D printed parts, mounts and cases.',
    },
  ]
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const title = notFound ? 'Page not found' : 'Something went wrong'
  const message = notFound
    ? 'The page you asked for does not exist or has moved.'
    : 'An unexpected error occurred. Please try again in a moment.'
  // Details only in development; production never shows a stack trace.
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : null
  return (
    <Shell>
      <title>{`${title} · LayerWorks 3D`}</title>
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="font-semibold text-primary text-sm">{notFound ? '404' : 'Error'}</p>
        <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{message}</p>
        <Button asChild>
          <a href="/">Back to the home page</a>
        </Button>
        {details ? <pre className="mt-6 max-w-full overflow-auto text-left text-xs">{details}</pre> : null}
      </section>
    </Shell>
  )
}
