import { Outlet } from 'react-router'
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
