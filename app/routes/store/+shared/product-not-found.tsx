import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'

export function ProductNotFound() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <h1 className="font-bold text-3xl tracking-tight">Product not found</h1>
        <p className="text-muted-foreground">This product does not exist or is no longer available.</p>
        <Button asChild variant="outline">
          <Link to="/products">
            <ArrowLeftIcon aria-hidden />
            Back to Products
          </Link>
        </Button>
      </div>
    </div>
  )
}
