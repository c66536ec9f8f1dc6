import { ChevronDownIcon, CircleUserRoundIcon, MenuIcon, XIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { adminMenu } from '#app/rules/admin-shortcuts.ts'
import { cn } from '#app/utils/misc.ts'
import { CartLink } from './cart-link.tsx'
import type { HeaderMenuProps } from './header-menu.tsx'
import { LogoutButton } from './logout-button.tsx'
import { accountLinks, companyLinks, primaryLinks } from './nav-links.ts'
import { SearchBox } from './search-box.tsx'

/** What the header needs to know about the signed-in user. */
export type HeaderViewer = { name: string; email: string; isAdmin: boolean }

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-2 py-2 font-medium text-sm transition-colors 2xl:px-3 hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-primary' : 'text-foreground/80',
  )

const loadHeaderMenu = () => import('./header-menu.tsx')
const HeaderMenu = lazy(loadHeaderMenu)

/**
 * A header menu that costs the first load nothing: until a visitor reaches for it, it is a button
 * that looks and is named as the menu's trigger, and the Radix menu (header-menu.tsx) loads when
 * the pointer comes near or the button gets focus, and opens on the click that asked for it.
 */
function MenuButton(props: HeaderMenuProps) {
  const [opened, setOpened] = useState(false)
  const standin = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      aria-label={props.label}
      className={props.className}
      onPointerEnter={loadHeaderMenu}
      onFocus={loadHeaderMenu}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return
        event.preventDefault()
        setOpened(true)
      }}
    >
      {props.trigger}
    </button>
  )
  if (!opened) return standin
  return (
    <Suspense fallback={standin}>
      <HeaderMenu {...props} />
    </Suspense>
  )
}

function MenuDropdown({ label, links }: { label: string; links: ReadonlyArray<{ name: string; to: string }> }) {
  return (
    <MenuButton
      className="inline-flex items-center gap-1 rounded-md px-2 py-2 font-medium text-foreground/80 text-sm hover:bg-accent 2xl:px-3"
      trigger={
        <>
          {label}
          <ChevronDownIcon className="size-4" aria-hidden />
        </>
      }
      links={links}
      align="start"
    />
  )
}

export function SiteHeader({ viewer }: { viewer: HeaderViewer | null }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every route change
  useEffect(() => setMenuOpen(false), [location.key])

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur" data-print-hide>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 2xl:gap-3">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold text-lg tracking-tight">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {/* On a phone the name is not shown but still names the link. */}
          <span className="sr-only sm:not-sr-only">LayerWorks 3D</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center xl:flex">
          {primaryLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navLinkClass}>
              {link.name}
            </NavLink>
          ))}
          <MenuDropdown label="Company" links={companyLinks} />
          {viewer?.isAdmin ? <MenuDropdown label="Admin" links={adminMenu} /> : null}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <SearchBox />
          <CartLink />
          <HeaderActions viewer={viewer} layout="menu" className="hidden items-center gap-2 xl:flex" />
          <Button
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <XIcon aria-hidden /> : <MenuIcon aria-hidden />}
          </Button>
        </div>
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t px-4 pb-4 xl:hidden">
          <ul className="flex flex-col py-2">
            {[...primaryLinks, ...companyLinks, ...(viewer?.isAdmin ? adminMenu : [])].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === '/'} className={(state) => cn(navLinkClass(state), 'block')}>
                  {link.name}
                </NavLink>
              </li>
            ))}
          </ul>
          <HeaderActions viewer={viewer} layout="inline" className="flex flex-wrap items-center gap-2 border-t pt-3" />
        </nav>
      ) : null}
    </header>
  )
}

/** The account menu behind an icon, so the header keeps its room as customer pages are added. */
function AccountMenu() {
  return (
    <MenuButton
      label="My Account"
      className="inline-flex items-center gap-0.5 rounded-md px-2 py-2 text-foreground/80 hover:bg-accent"
      trigger={
        <>
          <CircleUserRoundIcon className="size-5" aria-hidden />
          <ChevronDownIcon className="size-4" aria-hidden />
        </>
      }
      links={accountLinks}
      align="end"
    />
  )
}

type ActionsLayout = 'menu' | 'inline'

/** The account's links and the quote button: in the header's row on a wide screen, in the mobile menu. */
function HeaderActions({
  viewer,
  layout,
  className,
}: {
  viewer: HeaderViewer | null
  layout: ActionsLayout
  className: string
}) {
  return (
    <div className={className}>
      <AccountLinks viewer={viewer} layout={layout} />
      <Button asChild size="sm">
        <Link to="/contact">Get Quote</Link>
      </Button>
    </div>
  )
}

function AccountLinks({ viewer, layout }: { viewer: HeaderViewer | null; layout: ActionsLayout }) {
  if (!viewer) {
    return (
      <Button asChild variant="outline" size="sm">
        <Link to="/auth?tab=login">Login</Link>
      </Button>
    )
  }
  return (
    <>
      {layout === 'menu' ? (
        <AccountMenu />
      ) : (
        accountLinks.map((link) => (
          <Button key={link.to} asChild variant="ghost" size="sm" className="px-2">
            <Link to={link.to}>{link.name}</Link>
          </Button>
        ))
      )}
      <LogoutButton />
    </>
  )
}
