import { Link } from 'react-router'
import { companyLinks, primaryLinks } from './nav-links.ts'
import { NewsletterForm } from './newsletter-form.tsx'

export function SiteFooter({ marketplaceUrl }: { marketplaceUrl?: string }) {
  return (
    <footer className="mt-16 border-t bg-muted/40" data-print-hide>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div className="space-y-3">
          <p className="font-bold text-lg">LayerWorks 3D</p>
          <p className="text-muted-foreground text-sm">
            Practical 3D design, scanning and printing. Made to order, shipped worldwide.
          </p>
        </div>
        <nav aria-label="Shop" className="space-y-2 text-sm">
          <p className="font-semibold">Shop</p>
          <ul className="space-y-1.5">
            {primaryLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                  {link.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company" className="space-y-2 text-sm">
          <p className="font-semibold">Company</p>
          <ul className="space-y-1.5">
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                  {link.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/policies" className="text-muted-foreground hover:text-foreground">
                Policies
              </Link>
            </li>
            <li>
              <Link to="/etsy" className="text-muted-foreground hover:text-foreground" title={marketplaceUrl}>
                Our Etsy Shop
              </Link>
            </li>
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <div className="border-t py-4 text-center text-muted-foreground text-xs">
        © {new Date().getFullYear()} LayerWorks 3D. All rights reserved.
      </div>
    </footer>
  )
}
