import { ExternalLinkIcon } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { getPublicEnv } from '#app/utils/env.server.ts'
import type { Route } from './+types/etsy.ts'

/** Redirect delay before the browser is sent to the marketplace shop (storefront §9). */
export const marketplaceRedirectMs = 1500

export function loader() {
  return { marketplaceUrl: getPublicEnv().MARKETPLACE_URL }
}

export function meta() {
  return [{ title: 'Our Etsy Shop · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function EtsyRedirect({ loaderData }: Route.ComponentProps) {
  const { marketplaceUrl } = loaderData
  useEffect(() => {
    const timer = setTimeout(() => window.location.assign(marketplaceUrl), marketplaceRedirectMs)
    return () => clearTimeout(timer)
  }, [marketplaceUrl])

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <Spinner className="size-8 text-primary" />
      <h1 className="font-bold text-2xl">Redirecting to our Etsy shop…</h1>
      <p className="text-muted-foreground">
        You are being taken to our marketplace shop. If nothing happens, use the button below.
      </p>
      <Button asChild>
        <a href={marketplaceUrl} rel="noopener">
          Go to Etsy shop
          <ExternalLinkIcon aria-hidden />
        </a>
      </Button>
    </section>
  )
}
