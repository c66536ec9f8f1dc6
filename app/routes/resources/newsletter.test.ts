import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { callRoute, ORIGIN } from '#tests/setup/route-calls.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { action } from './newsletter.ts'

// The footer's newsletter sign-up (storefront §4, §5, §8): with JavaScript an action answer whose
// toast the route's clientAction raises, the refused address named beside its field; without, a
// redirect back to the page with how it went.

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
})

afterAll(async () => {
  await database?.close()
})

const subscribe = (email: string, js = true) =>
  callRoute(action, { url: '/resources/newsletter', form: js ? { email, _js: '1' } : { email } })

describe('the newsletter sign-up', () => {
  test('a new address is subscribed, the same one again (in any case) is already on the list', async () => {
    expect(await subscribe('news@example.com')).toMatchObject({
      status: 200,
      data: {
        ok: true,
        toast: {
          title: 'Subscribed!',
          description: "Thanks for joining! We've sent a confirmation to your email...",
          variant: 'success',
        },
      },
    })
    expect(await subscribe('NEWS@example.com')).toMatchObject({
      status: 409,
      data: {
        ok: false,
        toast: {
          title: 'Already Subscribed',
          description: 'This email address is already on our list.',
          variant: 'destructive',
        },
      },
    })
  })

  test('an invalid address is refused with its problem beside the field', async () => {
    const outcome = await subscribe(`${'a'.repeat(250)}@example.com`)
    expect(outcome).toEqual({
      status: 400,
      location: null,
      data: {
        ok: false,
        intent: null,
        toast: { title: 'Invalid Email', description: 'Please enter a valid email address.', variant: 'destructive' },
        fieldErrors: { email: 'Please enter a valid email address.' },
      },
    })
  })

  test('without JavaScript the browser goes back to the page with how it went', async () => {
    const request = new Request(`${ORIGIN}/resources/newsletter`, {
      method: 'POST',
      headers: { origin: ORIGIN, referer: `${ORIGIN}/about`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'plain@example.com' }),
    })
    const response = (await action({ request, params: {}, context: {} } as never)) as Response
    expect({ status: response.status, location: response.headers.get('location') }).toEqual({
      status: 303,
      location: '/about?newsletter=subscribed',
    })
  })
})
