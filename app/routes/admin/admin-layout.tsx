import { Outlet } from 'react-router'
// The storefront's inline stylesheet leaves out the back-office's classes (decision 041); this one
// holds them all. As a route's CSS import it is in the client build's manifest, so the server's
// <link> and a navigation's (React Router fetches it before the page renders) name the same file.
import '#app/admin.css'
import { AdminShell } from '#app/components/admin/admin-shell.tsx'

/** Tells the root to leave out the storefront's header and footer: the back-office has its own frame. */
export const handle = { shell: 'admin' }

/** Every back-office page: the admin shell around it. Each page checks the admin itself. */
export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  )
}
