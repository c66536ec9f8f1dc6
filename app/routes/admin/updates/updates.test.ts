import { readdir } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeEach, describe, expect, test } from 'vitest'
import { newsUpdates } from '#app/modules/content/schema.server.ts'
import { adminRouteTest, UNKNOWN_ID } from '#tests/setup/admin-route-test.ts'
import type { UpdateActionResult } from './update-types.ts'
import { action, loader } from './updates.tsx'

const shop = adminRouteTest({ storage: true })
const page = shop.page('/admin/updates', { loader, action })
const load = page.load
const post = (form: Record<string, string> | FormData) => page.post<UpdateActionResult>(form)

beforeEach(async () => {
  await shop.db.delete(newsUpdates)
})

async function stored() {
  return shop.db
    .select({ id: newsUpdates.id, title: newsUpdates.title, status: newsUpdates.status })
    .from(newsUpdates)
    .orderBy(newsUpdates.title)
}

async function insertUpdate(title: string, status: 'visible' | 'hidden' = 'visible') {
  const [row] = await shop.db
    .insert(newsUpdates)
    .values({ title, content: 'Some news.', status })
    .returning({ id: newsUpdates.id })
  return row.id
}

describe('the page', () => {
  test('lists visible and hidden updates, and the one being edited', async () => {
    const id = await insertUpdate('Hidden news', 'hidden')
    await insertUpdate('Shown news')
    const page = await load(`/admin/updates?edit=${id}`)
    expect(page.updates.map((update) => update.title).sort()).toEqual(['Hidden news', 'Shown news'])
    expect(page.editing?.title).toBe('Hidden news')
    for (const query of ['edit=not-a-uuid', `edit=${UNKNOWN_ID}`, 'delete=%00']) {
      expect(await load(`/admin/updates?${query}`)).toMatchObject({ editing: null, confirmDeleteId: null })
    }
  })
})

describe('the actions', () => {
  test('Add stores a visible update dated now', async () => {
    expect(
      await post({ intent: 'create', title: ' New printer ', content: 'Faster prints.', image: '' }),
    ).toMatchObject({ status: 200, ok: true, toast: { title: 'Update Added', variant: 'success' } })
    const [row] = await shop.db.select().from(newsUpdates)
    expect(row).toMatchObject({ title: 'New printer', content: 'Faster prints.', image: null, status: 'visible' })
    expect(Date.now() - row.date.getTime()).toBeLessThan(60_000)
  })

  test('Save edits title, content and image', async () => {
    const id = await insertUpdate('Draft')
    const answer = await post({ intent: 'update', updateId: id, title: 'Final', content: 'Done.', image: 'A photo' })
    expect(answer).toMatchObject({ status: 200, ok: true, toast: { title: 'Update Saved' } })
    const [row] = await shop.db.select().from(newsUpdates)
    expect(row).toMatchObject({ title: 'Final', content: 'Done.', image: 'A photo' })
  })

  test('the switch hides and shows an update', async () => {
    const id = await insertUpdate('Switch me')
    expect(await post({ intent: 'set-status', updateId: id, status: 'hidden' })).toMatchObject({
      ok: true,
      toast: { title: 'Visibility Updated' },
    })
    expect((await stored())[0].status).toBe('hidden')
    await post({ intent: 'set-status', updateId: id, status: 'visible' })
    expect((await stored())[0].status).toBe('visible')
  })

  test('Delete removes the update', async () => {
    const id = await insertUpdate('Gone soon')
    expect(await post({ intent: 'delete', updateId: id })).toMatchObject({
      ok: true,
      toast: { title: 'Update Deleted' },
    })
    expect(await stored()).toEqual([])
  })

  test('bad input is refused with a message and changes nothing', async () => {
    const id = await insertUpdate('Keep me')
    const before = await stored()
    const file = new FormData()
    file.set('intent', 'create')
    file.set('title', new File(['x'], 'title.txt'))
    file.set('content', 'Body')
    const cases: [Record<string, string> | FormData, number, string][] = [
      [{ intent: 'create', title: '', content: 'Body' }, 400, 'Title and content cannot be empty.'],
      [{ intent: 'create', title: 'Title', content: '  ' }, 400, 'Title and content cannot be empty.'],
      [{ intent: 'create' }, 400, 'Title and content cannot be empty.'],
      [file, 400, 'Title and content cannot be empty.'],
      [{ intent: 'create', title: 'x'.repeat(201), content: 'Body' }, 400, 'Title must be at most 200 characters.'],
      [{ intent: 'update', updateId: id, title: 'Title', content: '' }, 400, 'Title and content cannot be empty.'],
      [{ intent: 'update', updateId: 'nope', title: 'T', content: 'C' }, 404, 'Update not found.'],
      [{ intent: 'update', updateId: UNKNOWN_ID, title: 'T', content: 'C' }, 404, 'Update not found.'],
      [{ intent: 'set-status', updateId: id, status: 'archived' }, 400, 'Status must be visible or hidden.'],
      [{ intent: 'set-status', updateId: UNKNOWN_ID, status: 'hidden' }, 404, 'Update not found.'],
      [{ intent: 'delete', updateId: 'x' }, 404, 'Update not found.'],
      [{ intent: 'delete', updateId: UNKNOWN_ID }, 404, 'Update not found.'],
      [{ intent: 'bogus' }, 400, 'Unknown request.'],
      [{}, 400, 'Unknown request.'],
    ]
    for (const [form, status, message] of cases) {
      const answer = await post(form)
      expect(answer, JSON.stringify(form instanceof FormData ? 'file' : form)).toMatchObject({
        status,
        ok: false,
        toast: { title: 'Error', variant: 'destructive' },
      })
      expect(answer.toast.description).toContain(message)
    }
    expect(await stored()).toEqual(before)
  })

  test('a refused form gets back what it sent', async () => {
    const answer = await post({ intent: 'create', title: 'Half done', content: '', image: 'pic.webp' })
    expect(answer.values).toEqual({ updateId: '', title: 'Half done', content: '', image: 'pic.webp' })
    // …and the problem of each field, shown beside it.
    expect(answer.fieldErrors).toEqual({ content: 'Title and content cannot be empty.' })
  })

  test('an uploaded picture is stored as WebP and becomes the image; a bad one is refused', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#f60' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.set('intent', 'create')
    form.set('title', 'With a picture')
    form.set('content', 'Look.')
    form.set('image', 'ignored when a picture is uploaded')
    form.set('imageFile', new File([new Uint8Array(png)], 'photo.png', { type: 'image/png' }))
    expect(await post(form)).toMatchObject({ status: 200, ok: true })
    const [row] = await shop.db.select().from(newsUpdates)
    expect(row.image).toMatch(/^updates\/[0-9a-f-]{36}\.[0-9a-f]{16}\.webp$/)
    const files = await readdir(path.join(shop.storageDir, 'updates'))
    expect(files).toEqual([path.basename(row.image ?? '')])

    const bad = new FormData()
    bad.set('intent', 'update')
    bad.set('updateId', row.id)
    bad.set('title', 'Changed')
    bad.set('content', 'Changed.')
    bad.set('imageFile', new File(['not a picture'], 'notes.png', { type: 'image/png' }))
    expect(await post(bad)).toMatchObject({
      status: 400,
      ok: false,
      toast: { description: '“notes.png” is not a JPEG, PNG or WebP image.' },
    })
    const [after] = await shop.db.select().from(newsUpdates)
    expect(after).toMatchObject({ title: 'With a picture', image: row.image })
    expect(await readdir(path.join(shop.storageDir, 'updates'))).toHaveLength(1)
  })
})
