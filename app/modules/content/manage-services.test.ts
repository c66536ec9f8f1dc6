import { expect, test } from 'vitest'
import { insertService } from '#tests/factories/shop-records.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { UNKNOWN_ID } from '#tests/setup/test-database.ts'
import { createService, deleteService, saveServices } from './manage-services.server.ts'
import { services } from './schema.server.ts'
import { listServices } from './service.server.ts'
import { ServicesFormSchema } from './service-schemas.ts'

const database = testDatabaseForFile({ emptied: [services] })

test('a new service gets the defaults and goes last', async () => {
  await insertService(database.db, { title: '3D Design', priceCents: 3000, position: 4 })
  const created = await createService()
  expect(created.title).toBe('New Service')
  expect(
    (await listServices()).map(({ title, priceCents, priceUnit, features }) => [
      title,
      priceCents,
      priceUnit,
      features,
    ]),
  ).toEqual([
    ['3D Design', 3000, 'hr', []],
    ['New Service', 0, 'hr', []],
  ])
})

test('Save All Changes writes every service with its features in order', async () => {
  const a = await createService()
  const b = await createService()
  const result = await saveServices([
    { id: a.id, title: 'Design', description: 'CAD', priceCents: 3000, priceUnit: 'hr', features: ['Sketch', 'Model'] },
    { id: b.id, title: 'Printing', description: '', priceCents: 500, priceUnit: 'print hour', features: ['PLA'] },
  ])
  expect(result).toEqual({ ok: true, saved: 2 })
  await saveServices([
    { id: a.id, title: 'Design', description: 'CAD', priceCents: 3500, priceUnit: 'hr', features: ['Model'] },
  ])
  const listed = await listServices()
  expect(listed.map((s) => [s.title, s.priceCents, s.priceUnit, s.features.map((f) => f.name)])).toEqual([
    ['Design', 3500, 'hr', ['Model']],
    ['Printing', 500, 'print hour', ['PLA']],
  ])
})

test('a save naming a deleted service saves nothing; delete works once', async () => {
  const a = await createService()
  const result = await saveServices([
    { id: a.id, title: 'Changed', description: '', priceCents: 1, priceUnit: 'hr', features: [] },
    { id: UNKNOWN_ID, title: 'Ghost', description: '', priceCents: 1, priceUnit: 'hr', features: [] },
  ])
  expect(result).toEqual({ ok: false, reason: 'not-found', id: UNKNOWN_ID })
  expect((await listServices()).map((s) => s.title)).toEqual(['New Service'])
  for (const id of [UNKNOWN_ID, 'nope', '']) expect(await deleteService(id)).toBe(false)
  expect(await deleteService(a.id)).toBe(true)
  expect(await deleteService(a.id)).toBe(false)
  expect(await listServices()).toEqual([])
})

test('the services form schema reads prices to cents, trims, drops empty features and refuses bad input', () => {
  const service = {
    id: UNKNOWN_ID,
    title: ' Design ',
    description: ' d ',
    price: '30.5',
    priceUnit: ' hr ',
    features: [' A ', '  '],
  }
  expect(ServicesFormSchema.parse({ services: JSON.stringify([service]) }).services).toEqual([
    { id: UNKNOWN_ID, title: 'Design', description: 'd', priceCents: 3050, priceUnit: 'hr', features: ['A'] },
  ])
  const issue = (services: unknown) => ServicesFormSchema.safeParse({ services }).error?.issues[0].message
  expect(issue('not json')).toMatch(/could not be read/)
  expect(issue(undefined)).toMatch(/could not be read/)
  expect(issue(JSON.stringify([service, service]))).toMatch(/could not be read/)
  expect(issue(JSON.stringify([{ ...service, title: ' ' }]))).toBe('Every service needs a title.')
  expect(issue(JSON.stringify([{ ...service, priceUnit: '' }]))).toMatch(/price unit/)
  for (const price of ['-1', 'abc', '1.234', '', '99999999']) {
    expect(issue(JSON.stringify([{ ...service, price }]))).toMatch(/^Price must be/)
  }
  expect(issue(JSON.stringify([{ ...service, id: 'x' }]))).toMatch(/Service not found/)
  expect(issue(JSON.stringify([{ ...service, features: 'A' }]))).toMatch(/could not be read/)
})
