import { CircleCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'

export function meta() {
  return [{ title: 'Order confirmed · LayerWorks 3D' }, { name: 'robots', content: 'noindex' }]
}

export default function OrderSuccess() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
      <CircleCheckIcon className="size-12 text-success" aria-hidden />
      <h1 className="font-bold text-3xl tracking-tight">Thank you for your order!</h1>
      <p className="text-muted-foreground">
        Your payment was received and your order is confirmed. We will e-mail you when it ships.
      </p>
      <Button asChild>
        <Link to="/products">Continue Shopping</Link>
      </Button>
    </section>
  )
}
