import { Link } from 'react-router'
import { deferred } from '#app/components/deferred.tsx'
import { companyLinks, primaryLinks } from './nav-links.ts'

// Below the fold on every page: its form kit loads after the first paint.
const NewsletterForm = deferred(() => import('./newsletter-form.tsx').then((module) => module.NewsletterForm))

type FooterLink = { name: string; to: string; title?: string }

function FooterNav({ label, links }: { label: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={label} className="space-y-2 text-sm">
      <p className="font-semibold">{label}</p>
      <ul className="space-y-1.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-muted-foreground hover:text-foreground" title={link.title}>
              {link.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function SiteFooter({ marketplaceUrl }: { marketplaceUrl?: string }) {
  const company: FooterLink[] = [
    ...companyLinks,
    { name: 'Policies', to: '/policies' },
    { name: 'Our Etsy Shop', to: '/etsy', title: marketplaceUrl },
  ]
  return (
    <footer className="mt-16 border-t bg-muted/40" data-print-hide>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div className="space-y-3">
          <p className="font-bold text-lg">LayerWorks 3D</p>
          <p className="text-muted-foreground text-sm">
            Practical 3D design, scanning and printing. Made to order, shipped worldwide.
          </p>
        </div>
        <FooterNav label="Shop" links={primaryLinks} />
        <FooterNav label="Company" links={company} />
        <NewsletterForm />
      </div>
      <div className="border-t py-4 text-center text-muted-foreground text-xs">
        © {new Date().getFullYear()} LayerWorks 3D. All rights reserved.
      </div>
    </footer>
  )
}
