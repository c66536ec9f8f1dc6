import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  cleanSearchText,
  hasUnsupportedCharacters,
  multiLine,
  searchText,
  singleLine,
  UNSUPPORTED_CHARACTERS,
} from './text.ts'

// A character PostgreSQL refuses in text (NUL) or in jsonb (half of a surrogate pair), or another control.
const unsupported = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
)

describe('hasUnsupportedCharacters', () => {
  test('refuses every control character in one line, and only tab and line breaks are allowed in a text', () => {
    expect(hasUnsupportedCharacters('Casey Customer')).toBe(false)
    expect(hasUnsupportedCharacters('Casey\tCustomer')).toBe(true)
    expect(hasUnsupportedCharacters('Line one\r\n\tLine two', { multiline: true })).toBe(false)
    expect(hasUnsupportedCharacters('Line one\nLine two')).toBe(true)
    expect(hasUnsupportedCharacters('a\u0000b', { multiline: true })).toBe(true)
  })

  test('accepts emoji, right-to-left text and combining marks, refuses half of an emoji', () => {
    expect(hasUnsupportedCharacters('Great 👍🏽 مرحبا é')).toBe(false)
    expect(hasUnsupportedCharacters('Great \ud83d')).toBe(true)
    expect(hasUnsupportedCharacters('\udc4d')).toBe(true)
  })

  test('any text with an unsupported character inserted is refused, in one line or several', () => {
    fc.assert(
      fc.property(fc.string(), unsupported, fc.string(), (before, bad, after) => {
        // A lone surrogate next to another half would make a pair: keep the halves apart.
        const text = `${before}a${bad}a${after}`
        expect(hasUnsupportedCharacters(text)).toBe(true)
        expect(hasUnsupportedCharacters(text, { multiline: true })).toBe(true)
      }),
    )
  })
})

describe('singleLine and multiLine', () => {
  test('trim, then refuse an unsupported character with a message naming the field', () => {
    const name = singleLine({ label: 'Name' }).max(5)
    expect(name.parse('  Kim ')).toBe('Kim')
    expect(name.safeParse('K\u0000m').error?.issues[0]?.message).toBe('Name contains a character that is not allowed.')
    expect(singleLine().safeParse('a\nb').error?.issues[0]?.message).toBe(UNSUPPORTED_CHARACTERS)
    expect(multiLine().parse(' a\nb ')).toBe('a\nb')
    expect(singleLine({ trim: false }).parse(' id ')).toBe(' id ')
  })
})

describe('search terms', () => {
  test('a cleaned search term never holds an unsupported character and is never longer than asked', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 1, max: 50 }), (text, max) => {
        const cleaned = cleanSearchText(text, max)
        expect(hasUnsupportedCharacters(cleaned)).toBe(false)
        expect(cleaned.length).toBeLessThanOrEqual(max)
      }),
    )
  })

  test('a query string search: unsupported characters become spaces; too long or not text is no search', () => {
    expect(searchText(10).parse('mount\u0000clip')).toBe('mount clip')
    expect(searchText(10).parse('x'.repeat(11))).toBe('')
    expect(searchText(10).parse(undefined)).toBe('')
  })
})
