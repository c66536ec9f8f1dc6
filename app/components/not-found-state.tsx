import { ArrowLeftIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'

export function NotFoundState({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string
  text: string
  backTo: string
  backLabel: string
}) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
      <Button asChild variant="outline">
        <Link to={backTo}>
          <ArrowLeftIcon aria-hidden />
          {backLabel}
        </Link>
      </Button>
    </div>
  )
}
