import { redirect } from 'react-router'
import { signOut } from '#app/modules/accounts/index.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import type { Route } from './+types/logout.ts'

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const cookies = await signOut(request, { ip: context.clientIp })
    const headers = new Headers()
    for (const cookie of cookies) headers.append('Set-Cookie', cookie)
    return redirect('/', { headers })
  } catch (error) {
    return redirectWithToast('/', {
      title: 'Sign out Failed',
      description: error instanceof Error ? error.message : 'Something went wrong',
      variant: 'destructive',
    })
  }
}

export function loader() {
  return redirect('/')
}
