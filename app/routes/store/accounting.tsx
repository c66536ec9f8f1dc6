import { LockIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { getViewer } from '#app/utils/viewer.server.ts'
import type { Route } from './+types/accounting.ts'

// The accounting hub has no route guard (storefront §2): a visitor sees Access Denied with a
// login link on the page itself.
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await getViewer(request)
  return { signedIn: viewer !== null }
}

export function meta() {
  return [{ title: 'Accounting Hub · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function AccountingHub({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <LockIcon className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="font-bold text-3xl">Access Denied</h1>
        <p className="text-muted-foreground">Please log in to view your invoices and upload receipts.</p>
        <Button asChild>
          <Link to="/auth?tab=login&redirectTo=%2Faccounting">Log in</Link>
        </Button>
      </section>
    )
  }
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="font-bold text-3xl">Accounting Hub</h1>
    </section>
  )
}
