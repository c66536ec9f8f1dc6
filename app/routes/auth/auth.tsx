import { Link, redirect, useNavigate } from 'react-router'
import { z } from 'zod'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { refused } from '#app/utils/action-reply.server.ts'
import { toastActionResult } from '#app/utils/action-result.ts'
import { safeRedirectPath } from '#app/utils/redirect-to.server.ts'
import { getViewer } from '#app/wiring/viewer.server.ts'
import * as authActions from './+shared/auth-actions.server.ts'
import { LoginForm, RegisterForm, ResetPasswordForm } from './+shared/auth-forms.tsx'
import type { Route } from './+types/auth.ts'

const tabs = ['login', 'register', 'reset-password'] as const
type Tab = (typeof tabs)[number]

const QuerySchema = z.object({
  tab: z.enum(tabs).catch('login'),
  redirectTo: z.string().max(500).optional().catch(undefined),
  // A guest's order e-mail, to prefill the registration form (the /success page links here).
  email: z.email().max(254).optional().catch(undefined),
})

const IntentSchema = z.enum(['login', 'register', 'reset-password', 'update-password'])

export async function action({ request, context }: Route.ActionArgs) {
  const fields = Object.fromEntries(await request.formData().catch(() => new FormData()))
  const intent = IntentSchema.safeParse(fields.intent)
  if (!intent.success) return refused(null, 'Unknown request.')
  const client = { ip: context.clientIp, userAgent: request.headers.get('user-agent') }
  switch (intent.data) {
    case 'login':
      return authActions.login(fields, client)
    case 'register':
      return authActions.register(fields, client)
    case 'reset-password':
      return authActions.requestReset(fields, client)
    case 'update-password':
      return authActions.updatePassword(fields, client)
  }
}

// The answer's toast is raised once, when it arrives (decision 012).
export const clientAction = (args: Route.ClientActionArgs) => toastActionResult(args)

export async function loader({ request }: Route.LoaderArgs) {
  const query = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const redirectTo = safeRedirectPath(query.redirectTo)
  if (await getViewer(request)) throw redirect(redirectTo)
  return { tab: query.tab, redirectTo, email: query.email ?? '' }
}

export function meta({ data }: Route.MetaArgs) {
  const title =
    data?.tab === 'register' ? 'Create an account' : data?.tab === 'reset-password' ? 'Reset password' : 'Log in'
  return [{ title: `${title} · LayerWorks 3D` }, { name: 'robots', content: 'noindex' }]
}

const titles: Record<Tab, { title: string; description: string }> = {
  login: { title: 'Welcome back', description: 'Log in to see your orders, invoices and quotes.' },
  register: { title: 'Create an account', description: 'Track orders, save quotes and pay invoices online.' },
  'reset-password': { title: 'Reset your password', description: 'We will e-mail you a link to set a new one.' },
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const { tab, redirectTo, email } = loaderData
  const navigate = useNavigate()
  const tabPath = (next: Tab) => {
    const params = new URLSearchParams({ tab: next })
    if (redirectTo !== '/account') params.set('redirectTo', redirectTo)
    return `/auth?${params}`
  }

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">{titles[tab].title}</h1>
          </CardTitle>
          <CardDescription>{titles[tab].description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(next) => navigate(tabPath(next as Tab), { replace: true })}>
            <TabsList className="mb-4 w-full">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
              <TabsTrigger value="reset-password">Reset Password</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm redirectTo={redirectTo} />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm email={email} />
            </TabsContent>
            <TabsContent value="reset-password">
              <ResetPasswordForm />
            </TabsContent>
          </Tabs>
          <p className="mt-6 text-center text-muted-foreground text-sm">
            {tab === 'register' ? (
              <>
                Already have an account?{' '}
                <Link to={tabPath('login')} className="font-medium text-primary underline-offset-4 hover:underline">
                  Sign in
                </Link>
              </>
            ) : (
              <>
                Don't have an account?{' '}
                <Link to={tabPath('register')} className="font-medium text-primary underline-offset-4 hover:underline">
                  Sign up
                </Link>
              </>
            )}
          </p>
        </CardContent>
      </Card>
    </section>
  )
}
