import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import AuthCallback, { loader } from './auth-callback.tsx'

// Issue: the callback page printed the link's error_description, so anyone could send customers a
// link to the shop's own page saying whatever they liked. It shows fixed texts only (decision 014).

function loaded(query: string) {
  const result = loader({ request: new Request(`http://localhost:3000/auth/callback${query}`) } as never)
  if (result instanceof Response) throw new Error(`redirected to ${result.headers.get('location')}`)
  return result
}

/** The page's HTML for `query`, as the server renders it. */
function rendered(query: string) {
  const loaderData = loaded(query)
  const Stub = createRoutesStub([
    { id: 'callback', path: '/auth/callback', Component: AuthCallback as never, loader: () => loaderData },
  ])
  return renderToString(
    <Stub initialEntries={[`/auth/callback${query}`]} hydrationData={{ loaderData: { callback: loaderData } }} />,
  )
}

const scam = '?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E&error_description=Call+0800-SCAM+to+restore+your+account'

describe('/auth/callback error links', () => {
  test('text from the link is never shown, only the generic message', () => {
    const html = rendered(scam)
    expect(html).toContain('Invalid authentication link. Please try again.')
    expect(html).not.toContain('0800-SCAM')
    expect(html).not.toContain('restore your account')
    expect(html).not.toMatch(/<script|alert\(1\)/i)
    expect(JSON.stringify(loaded(scam))).not.toMatch(/SCAM|script/)
  })

  test.each([
    '?error_description=Email+link+is+invalid+or+has+expired',
    '?error=access_denied&error_description=Please+call+0800-SCAM',
    '?error=constructor',
    '?error=__proto__',
    '?error=toString&error_description=x',
    '?error=',
  ])('%s shows the generic message', (query) => {
    const { state } = loaded(query)
    expect(state).toEqual({
      kind: 'error',
      title: 'Authentication Error',
      message: 'Invalid authentication link. Please try again.',
    })
  })

  test.each([
    'INVALID_TOKEN',
    'TOKEN_EXPIRED',
    'EXPIRED_TOKEN',
    'USER_NOT_FOUND',
    'INVALID_USER',
    'INVALID_CALLBACK_URL',
    'invalid_token',
  ])('the auth library’s %s shows the fixed Invalid Link text, whatever the description says', (code) => {
    const query = `?error=${code}&error_description=Call+0800-SCAM`
    expect(loaded(query).state).toEqual({
      kind: 'error',
      title: 'Invalid Link',
      message: 'The link you used is invalid or has expired.',
    })
    const html = rendered(query)
    expect(html).toContain('The link you used is invalid or has expired.')
    expect(html).not.toContain('0800-SCAM')
  })

  test('a verification link still reports success', () => {
    expect(loaded('?type=signup&verified=1').state).toMatchObject({
      kind: 'verified',
      message: 'Your email has been verified. Please log in.',
    })
  })
})
