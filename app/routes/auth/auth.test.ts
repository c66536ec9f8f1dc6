import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resetAuth } from '#app/modules/accounts/index.server.ts'
import { users } from '#app/modules/accounts/schema.server.ts'
import { callRoute } from '#tests/setup/route-calls.ts'
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-database.ts'
import { action } from './auth.tsx'

// The /auth forms as the action reads them (storefront §5, decision 007): a refused form answers
// with the first problem as its toast (the specification's title where it has one) and each
// field's problem by its name, for the form to show beside the field; nothing reaches the library.

let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
  resetAuth()
})

afterAll(async () => {
  resetAuth()
  await database?.close()
})

const post = (form: Record<string, string>) => callRoute(action, { url: '/auth', form })
const fieldsOf = (outcome: { data: unknown }) => (outcome.data as { fieldErrors?: Record<string, string> }).fieldErrors

describe('a refused auth form names its fields', () => {
  test('sign-in: a malformed address and no password', async () => {
    const outcome = await post({ intent: 'login', email: 'casey@', password: '' })
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        ok: false,
        intent: 'login',
        toast: { title: 'Sign in Failed', description: 'Please enter a valid email address.' },
      },
    })
    expect(fieldsOf(outcome)).toEqual({
      email: 'Please enter a valid email address.',
      password: 'Password is required.',
    })
  })

  test('registration: a blank name, a weak password and a confirmation that differs', async () => {
    const outcome = await post({
      intent: 'register',
      fullName: '  ',
      email: 'new@example.com',
      password: 'weakpass',
      confirmPassword: 'other',
    })
    expect(outcome).toMatchObject({
      status: 400,
      data: { toast: { title: 'Error', description: 'Full name is required.' } },
    })
    expect(fieldsOf(outcome)).toMatchObject({
      fullName: 'Full name is required.',
      password: 'Password must contain an uppercase letter, contain a number, contain a special character',
    })
    const weak = await post({
      intent: 'register',
      fullName: 'New Person',
      email: 'new@example.com',
      password: 'weakpass',
      confirmPassword: 'weakpass',
    })
    expect(weak.data).toMatchObject({ toast: { title: 'Weak Password' } })
    expect(await database.db.select().from(users)).toEqual([])
  })

  test('a reset request and a new password', async () => {
    expect(fieldsOf(await post({ intent: 'reset-password', email: 'nobody' }))).toEqual({
      email: 'Please enter a valid email address.',
    })
    const mismatch = await post({
      intent: 'update-password',
      token: 'a-reset-token',
      password: 'Brand-new-pass1!',
      confirmPassword: 'Brand-new-pass2!',
    })
    expect(mismatch).toMatchObject({ status: 400, data: { toast: { title: 'Passwords do not match.' } } })
    expect(fieldsOf(mismatch)).toEqual({ confirmPassword: 'Passwords do not match.' })
  })
})
