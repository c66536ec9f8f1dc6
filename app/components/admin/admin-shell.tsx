import { ChevronRightIcon, MenuIcon, StoreIcon } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { LogoutButton } from '#app/components/layout/logout-button.tsx'
import { SearchBox } from '#app/components/layout/search-box.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#app/components/ui/dialog.tsx'
import { cn } from '#app/utils/misc.ts'
import { adminBreadcrumbs, adminNavGroups } from './admin-navigation.ts'

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-md px-3 py-1.5 text-sm transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'bg-accent font-medium text-primary' : 'text-foreground/80',
  )

/** The back-office pages, grouped by job; the current one is marked. */
function AdminSidebar({ idPrefix }: { idPrefix: string }) {
  return (
    <nav aria-label="Admin" className="flex flex-col gap-4 p-3">
      {adminNavGroups.map((group) => (
        <div key={group.name}>
          <p
            id={`${idPrefix}-${group.name}`}
            className="px-3 pb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
          >
            {group.name}
          </p>
          <ul aria-labelledby={`${idPrefix}-${group.name}`}>
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/admin'} className={itemClass}>
                  {item.name}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}

/** On a phone (and small tablets) the sidebar opens as a drawer from the left. */
function SidebarDrawer() {
  const [open, setOpen] = useState(false)
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: a chosen page closes the drawer
  useEffect(() => setOpen(false), [location.key])
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open admin menu">
          <MenuIcon aria-hidden />
        </Button>
      </DialogTrigger>
      <DialogContent className="top-0 left-0 h-dvh max-h-dvh w-72 max-w-[85vw] translate-x-0 translate-y-0 content-start gap-0 rounded-none border-0 border-r p-0 sm:max-w-72">
        <DialogTitle className="px-6 pt-5 pb-1 text-base">Back-office</DialogTitle>
        <DialogDescription className="sr-only">Go to a page of the back-office.</DialogDescription>
        <AdminSidebar idPrefix="drawer" />
      </DialogContent>
    </Dialog>
  )
}

function Breadcrumbs() {
  const { pathname } = useLocation()
  const trail = adminBreadcrumbs(pathname)
  return (
    <nav aria-label="Breadcrumb" className="mx-auto w-full max-w-7xl px-4 pt-4" data-print-hide>
      <ol className="flex flex-wrap items-center gap-1 text-muted-foreground text-sm">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1
          return (
            <li key={crumb.to} className="flex items-center gap-1">
              {index > 0 ? <ChevronRightIcon className="size-3.5" aria-hidden /> : null}
              {last ? (
                <span aria-current="page" className="text-foreground">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.to} className="hover:text-foreground hover:underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

/**
 * The back-office's own frame (issue 13): a sidebar grouped by job (a drawer on a phone), a top
 * bar with the search and the way back to the shop, breadcrumbs, and no storefront footer.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh">
      <aside
        className="sticky top-0 hidden h-dvh w-60 shrink-0 overflow-y-auto border-r bg-muted/30 lg:block"
        data-print-hide
      >
        <Link to="/admin" className="flex h-14 items-center gap-2 border-b px-5 font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          LayerWorks 3D
        </Link>
        <AdminSidebar idPrefix="sidebar" />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur"
          data-print-hide
        >
          <SidebarDrawer />
          <Link to="/admin" className="flex shrink-0 items-center gap-2 font-semibold lg:hidden" aria-label="Dashboard">
            <img src="/favicon.svg" alt="" width={24} height={24} />
          </Link>
          <span className="hidden font-semibold text-muted-foreground text-sm sm:inline">Back-office</span>
          <div className="ml-auto flex min-w-0 items-center gap-2">
            <SearchBox />
            <Button asChild variant="ghost" size="sm" className="px-2">
              <Link to="/">
                <StoreIcon aria-hidden />
                <span className="hidden sm:inline">View shop</span>
                <span className="sr-only sm:hidden">View shop</span>
              </Link>
            </Button>
            <LogoutButton />
          </div>
        </header>
        <Breadcrumbs />
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  )
}
