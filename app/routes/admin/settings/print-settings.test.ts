import { describe, expect, test } from 'vitest'
import { listActivity } from '#app/modules/activity/index.server.ts'
import { getPrintQuoteSettings } from '#app/modules/settings/index.server.ts'
import { callRoute } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'
import { action, loader } from './settings.tsx'

// The instant quote's settings on /admin/settings (issue 15, decision 035): the rates and the
// print-time model, and the materials. Every save is in the activity log; bad input is refused
// beside its field and changes nothing; only admins read or change them.

const { admin, customer } = signedInAccountsForFile()

const validSettings = {
  intent: 'save-print-settings',
  ratePerHour: '6.50',
  setupFee: '2',
  minimumPrice: '12.00',
  wallThicknessMm: '0.8',
  flowMm3PerSecond: '12.5',
  layerSeconds: '3',
  productionDaysMin: '2',
  productionDaysMax: '4',
  farmHoursPerDay: '200',
  batchDiscounts: '50: 15%, 5 : 5',
  buildXMm: '300',
  buildYMm: '300',
  buildZMm: '250',
  fileSizeLimitMb: '40',
}

function post(form: Record<string, string>, cookie = admin.cookie) {
  return callRoute(action, { url: '/admin/settings', form, cookie })
}

async function plaForm(change: Record<string, string> = {}) {
  const pla = (await getPrintQuoteSettings()).materials.find((material) => material.name === 'PLA')
  return {
    intent: 'save-print-material',
    materialId: pla?.id ?? '',
    name: 'PLA',
    densityGPerCm3: '1.24',
    pricePerGram: '0.075',
    colours: 'Matte Black #2B2F36\nArctic White #f8fafc',
    enabled: 'on',
    position: '0',
    ...change,
  }
}

describe('/admin/settings: 3D printing', () => {
  test('the page shows the demo rates and the /services materials', async () => {
    const page = await callRoute(loader, { url: '/admin/settings', cookie: admin.cookie })
    expect(page.data).toMatchObject({
      print: {
        settings: { ratePerHourCents: 500, setupFeeCents: 300, minimumPriceCents: 1000 },
        materials: [{ name: 'PLA' }, { name: 'ASA' }, { name: 'PETG' }, { name: 'TPU' }],
      },
    })
  })

  test('saves the rates, the print-time model and the limits, and logs the change', async () => {
    const saved = await post(validSettings)
    expect(saved).toMatchObject({
      status: 200,
      data: { ok: true, toast: { title: 'Print settings saved', description: expect.stringContaining('New quotes') } },
    })
    expect((await getPrintQuoteSettings()).settings).toEqual({
      ratePerHourCents: 650,
      setupFeeCents: 200,
      minimumPriceCents: 1200,
      wallThicknessMm: 0.8,
      flowMm3PerSecond: 12.5,
      layerSeconds: 3,
      productionDaysMin: 2,
      productionDaysMax: 4,
      farmHoursPerDay: 200,
      batchDiscounts: [
        { quantity: 5, percentOff: 5 },
        { quantity: 50, percentOff: 15 },
      ],
      buildXMm: 300,
      buildYMm: 300,
      buildZMm: 250,
      fileSizeLimitMb: 40,
    })
    const { entries } = await listActivity({ recordType: 'settings', recordId: 'print', limit: 5 })
    expect(entries[0]).toMatchObject({
      action: 'print-settings.updated',
      actorId: admin.id,
      changes: { ratePerHourCents: { before: 500, after: 650 } },
    })
    // Saving the same values again logs nothing new.
    await post(validSettings)
    expect((await listActivity({ recordType: 'settings', recordId: 'print', limit: 5 })).total).toBe(1)
  })

  test.each([
    ['a rate that is not money', { ratePerHour: 'five' }, 'Enter the printing rate per hour like 5.00.'],
    ['a negative setup fee', { setupFee: '-1' }, 'Enter the setup fee like 5.00.'],
    ['a wall of 20 mm', { wallThicknessMm: '20' }, 'The wall thickness must be between 0.2 and 10.'],
    ['no flow rate', { flowMm3PerSecond: '' }, 'Enter the flow rate like 10.'],
    ['a longest time below the shortest', { productionDaysMax: '1' }, 'cannot be shorter than the shortest'],
    ['a fractional day', { productionDaysMin: '2.5' }, 'Enter the shortest production time as a whole number.'],
    ['a discount that shrinks', { batchDiscounts: '10: 20%, 50: 10%' }, 'A larger batch cannot get a smaller discount'],
    ['a discount in words', { batchDiscounts: 'ten percent' }, 'Write each batch discount like 10: 10%'],
    ['a file limit above 50 MB', { fileSizeLimitMb: '51' }, 'The file size limit must be between 1 and 50.'],
    ['a printer 1 mm wide', { buildXMm: '1' }, 'The build width must be between 10 and 2000.'],
  ])('%s is refused beside its field and changes nothing', async (_name, change, message) => {
    const before = await getPrintQuoteSettings()
    // A rate that would change too, so a refusal that saved anything would show.
    const answer = await post({ ...validSettings, ratePerHour: '9.00', ...change })
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { title: 'Print settings not saved', variant: 'destructive' },
    })
    const field = Object.keys(change)[0]
    expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toContain(message)
    expect(await getPrintQuoteSettings()).toEqual(before)
  })

  test('edits a material’s price and colours, and logs it', async () => {
    const answer = await post(await plaForm())
    expect(answer).toMatchObject({ status: 200, data: { ok: true, toast: { title: 'Material saved' } } })
    const pla = (await getPrintQuoteSettings()).materials.find((material) => material.name === 'PLA')
    expect(pla).toMatchObject({
      pricePerGramMillicents: 7500,
      colours: [
        { name: 'Matte Black', hex: '#2b2f36' },
        { name: 'Arctic White', hex: '#f8fafc' },
      ],
      enabled: true,
    })
    const { entries } = await listActivity({ recordType: 'settings', recordId: pla?.id, limit: 5 })
    expect(entries[0]).toMatchObject({
      action: 'print-material.updated',
      recordLabel: 'Print material PLA',
      changes: { pricePerGramMillicents: { before: 6000, after: 7500 } },
    })
  })

  test('turns a material off and adds a new one', async () => {
    const { enabled: _on, ...off } = await plaForm()
    expect(await post(off)).toMatchObject({ status: 200 })
    const added = await post(
      await plaForm({ materialId: '', name: 'Nylon', densityGPerCm3: '1.14', pricePerGram: '0.12', position: '4' }),
    )
    expect(added).toMatchObject({ status: 200, data: { ok: true } })
    const materials = (await getPrintQuoteSettings()).materials
    expect(materials.map((material) => [material.name, material.enabled])).toEqual([
      ['PLA', false],
      ['ASA', true],
      ['PETG', true],
      ['TPU', true],
      ['Nylon', true],
    ])
    const { entries } = await listActivity({ recordType: 'settings', search: 'Nylon', limit: 5 })
    expect(entries[0]).toMatchObject({ action: 'print-material.created' })
  })

  test.each([
    ['no name', { name: '' }, 'name', 'Enter the material’s name, like PLA.'],
    ['a density of 0', { densityGPerCm3: '0' }, 'densityGPerCm3', 'The density must be between 0.1 and 25.'],
    ['a price in words', { pricePerGram: 'cheap' }, 'pricePerGram', 'Enter the price per gram like 0.06.'],
    ['a colour without a swatch', { colours: 'Matte Black' }, 'colours', 'Write each colour like Matte Black #2b2f36'],
    ['no colours', { colours: ' ' }, 'colours', 'List at least one colour'],
  ])('a material with %s is refused beside its field and changes nothing', async (_name, change, field, message) => {
    const before = await getPrintQuoteSettings()
    const answer = await post(await plaForm(change))
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({ ok: false, toast: { title: 'Material not saved' } })
    expect((answer.data as { fieldErrors: Record<string, string> }).fieldErrors[field]).toContain(message)
    expect(await getPrintQuoteSettings()).toEqual(before)
  })

  test('a name another material has, or a material that is gone, is refused', async () => {
    const before = await getPrintQuoteSettings()
    expect(await post(await plaForm({ name: 'petg' }))).toMatchObject({
      status: 409,
      data: { ok: false, toast: { description: 'There is already a material named "petg".' } },
    })
    expect(
      await post(await plaForm({ materialId: '00000000-0000-4000-8000-000000000000', name: 'Gone' })),
    ).toMatchObject({
      status: 404,
      data: { toast: { description: 'This material no longer exists.' } },
    })
    expect(await post(await plaForm({ materialId: 'not-an-id' }))).toMatchObject({ status: 404 })
    expect(await getPrintQuoteSettings()).toEqual(before)
  })

  test('a customer cannot change them', async () => {
    const before = await getPrintQuoteSettings()
    const answer = await post({ ...validSettings, ratePerHour: '0.01' }, customer.cookie)
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/account')
    expect((await post(await plaForm({ pricePerGram: '0' }), customer.cookie)).status).toBe(302)
    expect(await getPrintQuoteSettings()).toEqual(before)
  })
})
