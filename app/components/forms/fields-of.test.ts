import { describe, expect, it } from 'vitest'
import { addOrEditWords } from '#app/components/admin/side-form.tsx'
import { fieldsOf } from './field.tsx'

describe('fieldsOf', () => {
  const values = { sku: 'PLA-1', status: '', stockQuantity: '7' }
  const field = fieldsOf('product', values, { sku: 'SKU is taken.' })

  it('ties a field to its form by its name: id, name, problem and what was sent', () => {
    expect(field('sku')).toEqual({ id: 'product-sku', name: 'sku', error: 'SKU is taken.', defaultValue: 'PLA-1' })
    expect(field('stockQuantity', '0')).toMatchObject({ error: undefined, defaultValue: '7' })
  })

  it('starts at `start` when nothing, or nothing but an empty answer, was sent', () => {
    expect(field('status', 'visible').defaultValue).toBe('visible')
    expect(fieldsOf<typeof values>('product', null, {})('sku').defaultValue).toBeUndefined()
    expect(fieldsOf<typeof values>('product', undefined, {})('stockQuantity', '0').defaultValue).toBe('0')
  })
})

describe('addOrEditWords', () => {
  it('adds while there is no way back, and edits with Cancel back to where the edit started', () => {
    expect(addOrEditWords('Guide', null)).toEqual({ title: 'Add Guide', saveLabel: 'Add Guide', cancelTo: null })
    expect(addOrEditWords('Guide', '/admin/guides?page=2')).toEqual({
      title: 'Edit Guide',
      saveLabel: 'Save Guide',
      cancelTo: '/admin/guides?page=2',
    })
  })
})
