import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import * as adminAbout from '#app/routes/admin/about/about.tsx'
import * as adminGuideCategories from '#app/routes/admin/guides/guide-categories.tsx'
import * as adminGuides from '#app/routes/admin/guides/guides.tsx'
import * as adminPolicies from '#app/routes/admin/policies/policies.tsx'
import * as adminServices from '#app/routes/admin/services/services.tsx'
import * as adminUpdates from '#app/routes/admin/updates/updates.tsx'
import * as adminUsers from '#app/routes/admin/users/users.tsx'
import {
  insertGuide,
  insertGuideCategory,
  insertNewsUpdate,
  insertPolicy,
  insertService,
} from '#tests/factories/shop-records.ts'
import {
  anyForm,
  expectNoPrototypePollution,
  type FormEntries,
  fineText,
  formBody,
  fuzzRoute,
  idText,
  intentForms,
  invalidFormBody,
  jsonField,
  jsonText,
  nastyText,
  unknownIdText,
  validForm,
  withIntent,
  withUnsupportedCharacter,
} from '#tests/setup/fuzz.ts'
import type { RouteOutcome } from '#tests/setup/route-calls.ts'
import { signedInAccountsForFile } from '#tests/setup/signed-in-test.ts'

vi.mock('#app/wiring/viewer.server.ts', async (importOriginal) => {
  const { rememberedViewerModule } = await import('#tests/setup/remembered-viewer.ts')
  return rememberedViewerModule(importOriginal as never)
})

// A thousand bodies per property take a while on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

// Issue 10: every back-office action of the site's content and its users, asked by an admin with
// generated bodies. A 5xx, a thrown error or a console.error fails; all-invalid inputs change nothing.

const { database, admin, customer } = signedInAccountsForFile()
const ids = { customer: '', guideCategory: '', guide: '', service: '', update: '', policy: '' }
const known = () => Object.values(ids)

beforeAll(async () => {
  ids.customer = customer.id
  const { db } = database
  ids.guideCategory = (await insertGuideCategory(db, { name: 'Installation' })).id
  ids.guide = (await insertGuide(db, { title: 'Fitting the mount', categoryId: ids.guideCategory })).id
  ids.service = (await insertService(db, { title: '3D Design', priceCents: 3000 })).id
  ids.update = (await insertNewsUpdate(db, { title: 'New printer', content: 'Faster.' })).id
  ids.policy = (await insertPolicy(db, { slug: 'returns', title: 'Returns', content: 'Within 30 days.' })).id
})

afterAll(() => {
  expectNoPrototypePollution()
})

const words = fc.oneof(fc.lorem({ maxCount: 5 }), fc.constantFrom('Fit it 😀', 'מדריך', 'Line one\r\nline two\tend'))
const link = nastyText(fc.constantFrom('https://www.youtube.com/watch?v=abc', 'products/x/1.webp', 'A blue mount', ''))
const anyId = () => idText(...known())
const answered = (outcome: RouteOutcome) => expect([200, 302, 400, 404, 409, 413]).toContain(outcome.status)
const refused = (outcome: RouteOutcome) => expect([400, 404, 409]).toContain(outcome.status)

describe('guides', () => {
  // Steps travel as JSON in one field: a lone surrogate written as \ud800 arrives as one.
  const step = fc.record(
    { title: jsonText(words), content: jsonText(words), image: jsonText(link), video: jsonText(link) },
    { requiredKeys: [] },
  )
  const guideFields = () => ({
    guideId: anyId(),
    title: nastyText(words),
    description: nastyText(words),
    categoryId: idText(ids.guideCategory),
    steps: jsonField(fc.array(fc.oneof(step, fc.anything()), { maxLength: 4 })),
    status: nastyText(fc.constantFrom('visible', 'hidden', 'archived')),
  })

  /** A guide the form accepts; its steps carry any text a person types, emoji and line breaks too. */
  const validGuide = () =>
    validForm({
      title: fineText(200),
      description: fineText(2000, { multiline: true }),
      categoryId: fc.constant(ids.guideCategory),
      steps: fc
        .array(
          fc.record({
            title: fineText(200),
            content: fineText(10_000, { multiline: true }),
            image: fc.constantFrom('', 'products/x/1.webp', 'A blue mount'),
            video: fc.constantFrom('', 'https://www.youtube.com/watch?v=abc'),
          }),
          { maxLength: 3 },
        )
        .map((steps) => JSON.stringify(steps)),
    })

  test('any intent and form', async () => {
    const fields = guideFields()
    const guideId = fc.constant(ids.guide)
    await fuzzRoute({
      handler: adminGuides.action,
      inputs: intentForms({
        create: fc.oneof(validGuide(), formBody(fields)),
        update: fc.oneof(
          validGuide().map((form): FormEntries => [...form, ['guideId', ids.guide]]),
          formBody(fields),
        ),
        'set-status': anyForm({ guideId, status: fc.constantFrom('visible', 'hidden', 'archived') }, fields),
        delete: formBody(fields),
      }),
      call: (form) => ({ url: '/admin/guides', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a bad guide, a bad step or an unknown guide changes nothing', async () => {
    const fields = { ...guideFields(), categoryId: fc.constant(ids.guideCategory) }
    const unknown = { ...fields, guideId: unknownIdText(...known()) }
    const badStep = fc
      .tuple(jsonText(words), withUnsupportedCharacter(fc.string({ maxLength: 8 }), { surrogates: true }))
      .map(([title, bad]) => JSON.stringify([{ title, content: bad }]))
    await fuzzRoute({
      handler: adminGuides.action,
      inputs: fc.oneof(
        invalidFormBody(fields, ['title', 'description']).map((form) => withIntent('create', form)),
        fc
          .tuple(formBody({ ...fields, title: fc.constant('Fit'), description: fc.constant('D') }), badStep)
          .map(([form, steps]) =>
            withIntent('create', [
              ...form.filter(([name]) => !['steps', 'title', 'description', 'categoryId'].includes(name)),
              ['title', 'Fit'],
              ['description', 'D'],
              ['categoryId', ids.guideCategory],
              ['steps', steps],
            ]),
          ),
        formBody(unknown).map((form) => withIntent('update', form)),
        formBody(unknown).map((form) => withIntent('set-status', form)),
        formBody(unknown).map((form) => withIntent('delete', form)),
      ),
      call: (form) => ({ url: '/admin/guides', form, cookie: admin.cookie }),
      changesNothing: true,
      check: refused,
    })
  })
})

describe('guide categories', () => {
  test('any intent and form', async () => {
    const fields = { name: nastyText(words), categoryId: anyId() }
    await fuzzRoute({
      handler: adminGuideCategories.action,
      inputs: intentForms({
        'add-category': anyForm({ name: fineText(100) }, fields),
        'rename-category': anyForm({ name: fineText(100), categoryId: fc.constant(ids.guideCategory) }, fields),
        'delete-category': formBody(fields),
      }),
      call: (form) => ({ url: '/admin/guides/categories', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a bad name or an unknown category changes nothing', async () => {
    const fields = { name: nastyText(words), categoryId: unknownIdText(...known()) }
    await fuzzRoute({
      handler: adminGuideCategories.action,
      inputs: fc.oneof(
        invalidFormBody(fields, ['name']).map((form) => withIntent('add-category', form)),
        formBody(fields).map((form) => withIntent('rename-category', form)),
        formBody(fields).map((form) => withIntent('delete-category', form)),
      ),
      call: (form) => ({ url: '/admin/guides/categories', form, cookie: admin.cookie }),
      changesNothing: true,
      check: refused,
    })
  })
})

describe('services', () => {
  const service = () =>
    fc.record(
      {
        id: fc.oneof(fc.constant(ids.service), fc.uuid(), jsonText()),
        title: jsonText(words),
        description: jsonText(words),
        price: fc.oneof(jsonText(fc.constantFrom('30', '4.5', '$5.00')), fc.double(), fc.integer()),
        priceUnit: jsonText(fc.constantFrom('hr', 'print hour')),
        features: fc.oneof(fc.array(jsonText(words), { maxLength: 4 }), fc.anything()),
      },
      { requiredKeys: [] },
    )

  test('any intent and form', async () => {
    await fuzzRoute({
      handler: adminServices.action,
      inputs: intentForms({
        'save-all': fc.oneof(
          fc
            .record({
              id: fc.constant(ids.service),
              title: fineText(200),
              description: fineText(2000, { multiline: true }),
              price: fc.constantFrom('30', '4.5', '$5.00', '0'),
              priceUnit: fineText(30),
              features: fc.array(fineText(200), { maxLength: 4 }),
            })
            .map((one): FormEntries => [['services', JSON.stringify([one])]]),
          formBody({ services: jsonField(fc.array(service(), { maxLength: 3 })) }),
        ),
        // Add Service takes no fields: one in ten, or the list would fill with 'New Service'.
        delete: formBody({ serviceId: anyId() }),
      }).chain((form) =>
        fc.oneof(
          { arbitrary: fc.constant(form), weight: 9 },
          { arbitrary: fc.constant(withIntent('create', form)), weight: 1 },
        ),
      ),
      call: (form) => ({ url: '/admin/services', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a bad service in the list, or an unknown one, changes nothing', async () => {
    const bad = fc
      .tuple(
        service(),
        fc.constantFrom('title', 'description', 'priceUnit'),
        withUnsupportedCharacter(fc.string({ maxLength: 8 }), { surrogates: true }),
      )
      .map(([one, field, text]) => ({ ...one, id: ids.service, [field]: text }))
    await fuzzRoute({
      handler: adminServices.action,
      inputs: fc.oneof(
        fc
          .array(fc.oneof(service(), bad), { maxLength: 2 })
          .chain((others) =>
            bad.map((one) => withIntent('save-all', [['services', JSON.stringify([...others, one])]])),
          ),
        formBody({ serviceId: unknownIdText(...known()) }).map((form) => withIntent('delete', form)),
      ),
      call: (form) => ({ url: '/admin/services', form, cookie: admin.cookie }),
      changesNothing: true,
      check: refused,
    })
  })
})

describe('updates', () => {
  const updateFields = () => ({
    updateId: anyId(),
    title: nastyText(words),
    content: nastyText(words),
    image: link,
    status: nastyText(fc.constantFrom('visible', 'hidden')),
  })

  test('any intent and form', async () => {
    const fields = updateFields()
    const valid = {
      title: fineText(200),
      content: fineText(10_000, { multiline: true }),
      image: fc.constantFrom('', 'https://images.example/a.webp', 'A new printer'),
    }
    await fuzzRoute({
      handler: adminUpdates.action,
      inputs: intentForms({
        create: anyForm(valid, fields),
        update: anyForm({ ...valid, updateId: fc.constant(ids.update) }, fields),
        'set-status': anyForm(
          { updateId: fc.constant(ids.update), status: fc.constantFrom('visible', 'hidden') },
          fields,
        ),
        delete: formBody(fields),
      }),
      call: (form) => ({ url: '/admin/updates', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a bad update or an unknown one changes nothing', async () => {
    const fields = updateFields()
    const unknown = { ...fields, updateId: unknownIdText(...known()) }
    await fuzzRoute({
      handler: adminUpdates.action,
      inputs: fc.oneof(
        invalidFormBody(fields, ['title', 'content']).map((form) => withIntent('create', form)),
        formBody(unknown).map((form) => withIntent('update', form)),
        formBody(unknown).map((form) => withIntent('set-status', form)),
        formBody(unknown).map((form) => withIntent('delete', form)),
      ),
      call: (form) => ({ url: '/admin/updates', form, cookie: admin.cookie }),
      changesNothing: true,
      check: refused,
    })
  })
})

describe('about page', () => {
  const aboutFields = {
    heroTitle: nastyText(words),
    heroSubtitle: nastyText(words),
    heroImage: link,
    storyTitle: nastyText(words),
    storyContent: nastyText(words),
    storyImage: link,
    missionTitle: nastyText(words),
    missionContent: nastyText(words),
    missionImage: link,
  }

  test('any form', async () => {
    await fuzzRoute({
      handler: adminAbout.action,
      inputs: intentForms({
        save: anyForm(
          Object.fromEntries(
            Object.keys(aboutFields).map((name) => [
              name,
              name.endsWith('Image')
                ? fc.constantFrom('', 'about/hero.webp', 'Our workshop')
                : fineText(name.endsWith('Title') ? 200 : 5000, { multiline: !name.endsWith('Title') }),
            ]),
          ),
          aboutFields,
        ),
      }),
      call: (form) => ({ url: '/admin/about', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a section without its title or text, or with a control character, changes nothing', async () => {
    await fuzzRoute({
      handler: adminAbout.action,
      inputs: invalidFormBody(
        aboutFields,
        Object.keys(aboutFields).filter((name) => !name.endsWith('Image')),
      ).map((form) => withIntent('save', form)),
      call: (form) => ({ url: '/admin/about', form, cookie: admin.cookie }),
      changesNothing: true,
      check: refused,
    })
  })
})

describe('policies', () => {
  const policyFields = () => ({
    policyId: anyId(),
    title: nastyText(words),
    summary: nastyText(words),
    content: nastyText(words),
  })

  test('any intent and form', async () => {
    const fields = policyFields()
    await fuzzRoute({
      handler: adminPolicies.action,
      inputs: intentForms({
        create: anyForm(
          { title: fineText(200), summary: fineText(400), content: fineText(50_000, { multiline: true }) },
          fields,
        ),
        update: anyForm(
          {
            policyId: fc.constant(ids.policy),
            title: fineText(200),
            summary: fineText(400),
            content: fineText(50_000, { multiline: true }),
          },
          fields,
        ),
        delete: formBody(fields),
      }),
      call: (form) => ({ url: '/admin/policies', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a bad policy or an unknown one changes nothing', async () => {
    const fields = policyFields()
    const unknown = { ...fields, policyId: unknownIdText(...known()) }
    await fuzzRoute({
      handler: adminPolicies.action,
      inputs: fc.oneof(
        invalidFormBody(fields, ['title', 'content']).map((form) => withIntent('create', form)),
        formBody(unknown).map((form) => withIntent('update', form)),
        formBody(unknown).map((form) => withIntent('delete', form)),
      ),
      call: (form) => ({ url: '/admin/policies', form, cookie: admin.cookie }),
      changesNothing: true,
      check: refused,
    })
  })
})

describe('users', () => {
  const email = fc.oneof(fc.emailAddress(), fc.constantFrom('casey@example.com', 'alex@example.com', 'a@b'))
  const userFields = () => ({
    userId: idText(ids.customer),
    email: nastyText(email),
    fullName: nastyText(words),
    role: nastyText(fc.constantFrom('customer', 'Admin', 'admin')),
  })

  test('any intent and form', async () => {
    const fields = userFields()
    await fuzzRoute({
      handler: adminUsers.action,
      inputs: intentForms({
        update: anyForm(
          {
            userId: fc.constant(ids.customer),
            email: fc.emailAddress(),
            fullName: fineText(120),
            role: fc.constantFrom('customer', 'Admin'),
          },
          fields,
        ),
        delete: formBody(fields),
        invite: anyForm(
          { email: fc.emailAddress(), fullName: fineText(120), role: fc.constantFrom('customer', 'Admin') },
          fields,
        ),
      }),
      call: (form) => ({ url: '/admin/users', form, cookie: admin.cookie }),
      check: answered,
    })
  })

  test('a bad edit or invitation, an unknown user or the admin’s own deletion changes nothing', async () => {
    const fields = { ...userFields(), userId: fc.constant(ids.customer), role: fc.constantFrom('customer', 'Admin') }
    const unknown = { ...fields, userId: unknownIdText(...known(), admin.id) }
    await fuzzRoute({
      handler: adminUsers.action,
      inputs: fc.oneof(
        invalidFormBody(fields, ['email', 'fullName'], { blankIsInvalid: false }).map((form) =>
          withIntent('update', form),
        ),
        invalidFormBody(fields, ['email', 'fullName'], { blankIsInvalid: false }).map((form) =>
          withIntent('invite', form),
        ),
        formBody(unknown).map((form) => withIntent('update', form)),
        formBody(unknown).map((form) => withIntent('delete', form)),
        formBody({ userId: fc.constant(admin.id) }).map((form) => withIntent('delete', form)),
      ),
      call: (form) => ({ url: '/admin/users', form, cookie: admin.cookie }),
      changesNothing: true,
      check: refused,
    })
  })
})
