import { randomUUID } from 'node:crypto'
import { createCookie, redirect } from 'react-router'
import { z } from 'zod'
import { getEnv } from './env.server.ts'

const ToastSchema = z.object({
  id: z.string(),
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(['default', 'destructive', 'success']).optional(),
})
export type FlashToast = z.infer<typeof ToastSchema>

function toastCookie() {
  const env = getEnv()
  return createCookie('layerworks.toast', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 60,
    secure: env.PUBLIC_URL.startsWith('https:'),
    secrets: [env.SESSION_SECRET],
  })
}

/** A redirect that shows a toast on the page it lands on (for messages decided on the server). */
export async function redirectWithToast(url: string, toast: Omit<FlashToast, 'id'>, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await toastCookie().serialize({ ...toast, id: randomUUID() }))
  return redirect(url, { ...init, headers })
}

/** Reads and clears the pending toast of a request. */
export async function readToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers | null }> {
  const cookieHeader = request.headers.get('cookie')
  if (!cookieHeader?.includes('layerworks.toast')) return { toast: null, headers: null }
  const cookie = toastCookie()
  const parsed = ToastSchema.safeParse(await cookie.parse(cookieHeader))
  const headers = new Headers({ 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) })
  return { toast: parsed.success ? parsed.data : null, headers }
}
