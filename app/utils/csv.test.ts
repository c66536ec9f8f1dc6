import { describe, expect, test } from 'vitest'
import { csvField, csvRow } from './csv.ts'

describe('csv', () => {
  test('plain values stay as they are; empty values are empty', () => {
    expect(csvRow(['abc', 12, 1.5, null, undefined, ''])).toBe('abc,12,1.5,,,\r\n')
  })

  test('commas, quotes and line breaks are quoted', () => {
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
  })

  test('a text a spreadsheet would run as a formula is defused; negative numbers are not', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"')
    expect(csvField('+1')).toBe("'+1")
    expect(csvField('-2')).toBe("'-2")
    expect(csvField('@sum')).toBe("'@sum")
    expect(csvField(-2)).toBe('-2')
  })
})
