import { expect, test } from 'vitest'
import { quotePrint } from '#app/rules/print-quote.ts'
import { queriesOf, timeRequest } from '#app/utils/request-timing.server.ts'
import { testDatabaseForFile } from '#tests/setup/database-per-file.ts'
import { getPrintQuoteSettings, savePrintMaterial, updatePrintSettings } from './print-settings.server.ts'
import { printSettings } from './schema.server.ts'

// The instant quote's settings (issue 15, decision 035): the shop starts with the materials of
// /services and the demo rates, reads them in one query, and saves changes that new quotes use.

const database = testDatabaseForFile()

test('a new shop has the /services materials and the demo rates, read in one query', async () => {
  const [result, timing] = await timeRequest(() => getPrintQuoteSettings())
  expect(queriesOf(timing)).toBe(1)
  expect(
    result.materials.map((material) => [material.name, material.densityGPerCm3, material.pricePerGramMillicents]),
  ).toEqual([
    ['PLA', 1.24, 6000],
    ['ASA', 1.07, 8000],
    ['PETG', 1.27, 7000],
    ['TPU', 1.21, 10000],
  ])
  expect(result.materials.every((material) => material.enabled && material.colours.length >= 3)).toBe(true)
  expect(result.materials[0].colours[0]).toEqual({ name: 'Matte Black', hex: '#2b2f36' })
  expect(result.settings).toMatchObject({
    ratePerHourCents: 500,
    setupFeeCents: 300,
    minimumPriceCents: 1000,
    productionDaysMin: 3,
    productionDaysMax: 5,
    buildXMm: 256,
    fileSizeLimitMb: 50,
    batchDiscounts: [
      { quantity: 10, percentOff: 10 },
      { quantity: 50, percentOff: 20 },
    ],
  })
})

test('the settings as stored price the decision’s worked example', async () => {
  const { settings, materials } = await getPrintQuoteSettings()
  const cube = { volumeMm3: 125_000, areaMm2: 15_000, size: { x: 50, y: 50, z: 50 } }
  const quote = quotePrint({
    measures: cube,
    material: materials[0],
    choice: { layerHeightMm: 0.2, infillPercent: 20, quantity: 10 },
    pricing: settings,
  })
  expect(quote).toMatchObject({ unitPriceCents: 911, lineTotalCents: 9110 })
})

test('saved settings are what the next read returns', async () => {
  const { settings } = await getPrintQuoteSettings()
  const changed = {
    ...settings,
    ratePerHourCents: 650,
    wallThicknessMm: 0.8,
    batchDiscounts: [{ quantity: 5, percentOff: 5 }],
  }
  expect(await updatePrintSettings(changed, null)).toEqual(changed)
  expect((await getPrintQuoteSettings()).settings).toEqual(changed)
  await updatePrintSettings(settings, null)
})

test('a missing settings row is made again with its defaults', async () => {
  await database.db.delete(printSettings)
  expect((await getPrintQuoteSettings()).settings.ratePerHourCents).toBe(500)
})

test('materials are added and changed; a name is unique regardless of case', async () => {
  const nylon = {
    name: 'Nylon',
    densityGPerCm3: 1.14,
    pricePerGramMillicents: 12_000,
    colours: [{ name: 'Natural', hex: '#f5f5dc' }],
    enabled: false,
    position: 9,
  }
  const added = await savePrintMaterial(null, nylon)
  expect(added).toMatchObject({ ok: true, material: nylon })
  if (!added.ok) return
  expect(await savePrintMaterial(null, { ...nylon, name: 'pla' })).toEqual({
    ok: false,
    status: 409,
    message: 'There is already a material named "pla".',
  })
  expect(await savePrintMaterial(added.material.id, { ...nylon, name: 'PETG' })).toMatchObject({
    ok: false,
    status: 409,
  })
  expect(await savePrintMaterial(added.material.id, { ...nylon, pricePerGramMillicents: 15_000 })).toMatchObject({
    ok: true,
    material: { pricePerGramMillicents: 15_000 },
  })
  expect(await savePrintMaterial('00000000-0000-4000-8000-000000000000', { ...nylon, name: 'Gone' })).toMatchObject({
    ok: false,
    status: 404,
  })
  const names = (await getPrintQuoteSettings()).materials.map((material) => [material.name, material.enabled])
  expect(names).toEqual([
    ['PLA', true],
    ['ASA', true],
    ['PETG', true],
    ['TPU', true],
    ['Nylon', false],
  ])
})
