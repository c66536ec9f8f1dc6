import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { expect } from 'vitest'
import { hasUnsupportedCharacters } from '#app/rules/text.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callRoute, type RouteCall, type RouteHandler, type RouteOutcome } from './route-calls.ts'

// Generated input for the fuzz suites (tests/integration/fuzz-*.test.ts): wrong types, missing and
// extra fields, huge strings, prototype keys, odd numbers, unicode and control characters.

/** Each property sees this many generated bodies (issue 10). */
export const FUZZ_RUNS = 1000

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']

/**
 * Control characters the shop refuses in every field, NUL first of all. (Vertical tab and form feed
 * are white space: a field may trim them, or a category name turn them into a space.)
 */
export const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
)

/**
 * Halves of a surrogate pair. Only JSON can carry one: a form body is UTF-8, so the browser (and
 * URLSearchParams) sends U+FFFD in its place.
 */
export const loneSurrogate = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff')

/** Every character the shop refuses. */
export const unsupportedCharacter = fc.oneof(controlCharacter, loneSurrogate)

const lineBreak = fc.constantFrom('\t', '\n', '\r', '\r\n', '\u000b', '\u000c')

export const unicode = fc.constantFrom(
  '😀',
  '👍🏽',
  '👨‍👩‍👧',
  '🏳️‍🌈',
  'مرحبا',
  'שלום',
  '\u202eevil',
  'e\u0301',
  'Z̴̧͠a̷̛l̶g̵o̸',
  '\ufeff',
  '\u200b',
  '\u2028',
  'İß',
  '漢字',
  '\uffff',
  '\ufffd',
)

/** Numbers as a form would carry them: negative, fractional, NaN, Infinity, huge, odd notations. */
export const numberText = fc.constantFrom(
  '-1',
  '0',
  '-0',
  '1',
  '1.5',
  '0.001',
  '-0.01',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '1e-999',
  '1e21',
  '9007199254740993',
  '99999999999999999999',
  '0x10',
  '1_000',
  ' 5 ',
  '١٢٣',
  '.5',
  '5.',
  '$5.00',
  '5,00',
)

/** What JSON can carry besides strings: wrong types in any place. */
export const oddJsonValue = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.double(),
  fc.integer(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'a', 'id'), fc.string(), { maxKeys: 3 }),
)

// Built once: a property that drew a fresh 100 KB string a thousand times would spend its time there.
const hugeStrings = [
  'a'.repeat(100_001),
  `${'word '.repeat(25_000)}\u0000`,
  '\u0000'.repeat(100_000),
  '😀'.repeat(60_000),
  'é\u0301'.repeat(60_000),
  `${'x'.repeat(150_000)}\ud800`,
]

/** A string of 100 KB or more. */
export const hugeText = fc.constantFrom(...hugeStrings)

/** Text pieced together from ordinary text, unicode, line breaks, numbers and unsupported characters. */
const mixedText = fc
  .array(fc.oneof(fc.string({ maxLength: 12 }), unicode, lineBreak, unsupportedCharacter, numberText), {
    maxLength: 6,
  })
  .map((parts) => parts.join(''))

/**
 * Text from anywhere in that list, `plausible` values (what the field is meant to hold) most often,
 * and now and then (1 in 100) a string of 100 KB or more.
 * @example nastyText(fc.constantFrom('standard', 'rush'))
 */
export function nastyText(...plausible: fc.Arbitrary<string>[]): fc.Arbitrary<string> {
  return fc.oneof(
    ...plausible.map((arbitrary) => ({ arbitrary, weight: Math.ceil(40 / plausible.length) })),
    { arbitrary: mixedText, weight: 25 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 12 },
    { arbitrary: fc.constantFrom('', ' ', '   \t ', ...PROTOTYPE_KEYS), weight: 12 },
    { arbitrary: numberText, weight: 10 },
    { arbitrary: hugeText, weight: 1 },
  )
}

/**
 * Text a person might really type, which every text field accepts: words, emoji, right-to-left
 * script, combining marks, never a control character; at most `max` characters, never blank.
 */
export function fineText(max = 40, { multiline = false } = {}) {
  return fc
    .oneof(
      fc.lorem({ maxCount: 4 }),
      fc
        .array(
          fc.oneof(fc.lorem({ maxCount: 1 }), unicode, ...(multiline ? [fc.constantFrom('\n', '\r\n', '\t')] : [])),
          {
            minLength: 1,
            maxLength: 5,
          },
        )
        .map((parts) => parts.join(' ')),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    )
    .map((text) => Array.from(text).slice(0, max).join(''))
    .filter((text) => text.trim() !== '' && text.length <= max && !hasUnsupportedCharacters(text, { multiline }))
}

/** A form with each field once, from values that are meant to be accepted, and maybe a stray field. */
export function validForm(fields: Record<string, fc.Arbitrary<string | string[]>>): fc.Arbitrary<FormEntries> {
  const names = Object.keys(fields)
  const stray = fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), { maxLength: 1 })
  return fc
    .tuple(fc.tuple(...Object.values(fields)), stray)
    .map(([values, extras]) => [
      ...values.flatMap(
        (value, index): FormEntries =>
          (Array.isArray(value) ? value : [value]).map((one): [string, string] => [names[index], one]),
      ),
      ...extras,
    ])
}

/** Half forms meant to be accepted (so the code past validation runs too), half anything. */
export function anyForm(
  valid: Record<string, fc.Arbitrary<string | string[]>>,
  nasty: Record<string, fc.Arbitrary<string>>,
): fc.Arbitrary<FormEntries> {
  return fc.oneof(validForm(valid), formBody(nasty))
}

/** Text without the huge strings: what each field of a form holds (`formBody` adds those itself). */
function fieldText(text: fc.Arbitrary<string>) {
  return text.filter((value) => value.length < 100_000)
}

/**
 * Text with at least one character the shop refuses somewhere in it: never valid in any field.
 * A lone surrogate only where JSON carries the text (`surrogates`).
 */
export function withUnsupportedCharacter(
  text: fc.Arbitrary<string> = fc.string({ maxLength: 20 }),
  { surrogates = false } = {},
) {
  return fc.tuple(text, surrogates ? unsupportedCharacter : controlCharacter, fc.nat()).map(([value, bad, at]) => {
    const index = value.length === 0 ? 0 : at % (value.length + 1)
    // Letters around it: trimming cannot take it away, nor can a lone surrogate pair with a neighbour.
    return `${value.slice(0, index)}x${bad}x${value.slice(index)}`
  })
}

/** A uuid that names nothing, a uuid from `known`, or something that is not a uuid at all. */
export function idText(...known: string[]) {
  return nastyText(
    fc.uuid(),
    ...(known.length > 0 ? [fc.constantFrom(...known)] : []),
    fc.constantFrom('00000000-0000-4000-8000-000000000000', 'not-a-uuid', `${'0'.repeat(8)}-x`),
  )
}

export type FormEntries = [string, string][]

/**
 * A posted form: each field of `fields` present or not, with its own values or anything else,
 * some repeated, plus fields nobody asked for (prototype keys among them). One form in 100 has a
 * field of 100 KB or more (reading those is what takes time).
 */
export function formBody(fields: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<FormEntries> {
  const known = Object.entries(fields).map(([name, value]) => {
    const text = fieldText(value)
    return fc.oneof(
      { arbitrary: text.map((one): FormEntries => [[name, one]]), weight: 8 },
      { arbitrary: fc.constant<FormEntries>([]), weight: 1 },
      {
        arbitrary: fc
          .array(text, { minLength: 2, maxLength: 3 })
          .map((texts) => texts.map((one): [string, string] => [name, one])),
        weight: 1,
      },
    )
  })
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), fieldText(nastyText())),
    { maxLength: 3 },
  )
  const form = fc.tuple(fc.tuple(...known), extra).map(([groups, extras]) => [...groups.flat(), ...extras])
  const names = [...Object.keys(fields), 'extra']
  const withHugeField = fc
    .tuple(form, fc.constantFrom(...names), hugeText)
    .map(([entries, name, huge]) => breakField(entries, name, huge))
  return fc.oneof({ arbitrary: form, weight: 99 }, { arbitrary: withHugeField, weight: 1 })
}

/** The form with `name` set to a value `bad` (or left out when `bad` draws null). */
export function breakField(entries: FormEntries, name: string, bad: string | null): FormEntries {
  const others = entries.filter(([key]) => key !== name)
  return bad === null ? others : [...others, [name, bad]]
}

/**
 * A form that can never be valid: one of the `required` fields is missing, blank or holds an
 * unsupported character; the rest is anything `formBody` makes.
 */
export function invalidFormBody(
  fields: Record<string, fc.Arbitrary<string>>,
  required: string[],
  { blankIsInvalid = true } = {},
): fc.Arbitrary<FormEntries> {
  const bad = blankIsInvalid
    ? fc.oneof(withUnsupportedCharacter(), fc.constantFrom<string | null>(null, '', '  '))
    : withUnsupportedCharacter()
  return fc
    .tuple(formBody(fields), fc.constantFrom(...required), bad)
    .map(([entries, name, value]) => breakField(entries, name, value))
}

/** Any JSON document, with wrong types and unicode in it. */
export const anyJson = fc.oneof(
  fc.jsonValue(),
  oddJsonValue,
  fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'items', 'promoCode'), oddJsonValue, { maxKeys: 4 }),
)

type Row = { t: string; n: number; h: string }

/**
 * A cheap fingerprint of every table the shop writes (row counts and a hash of the rows), apart from
 * sessions and rate limits, which reading a session may touch. Take one before and one after a
 * property whose inputs are all invalid: they must be equal.
 */
export async function databaseFingerprint(): Promise<Record<string, string>> {
  const db = await getDb()
  const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? result) as unknown[]
  const tables = rowsOf(
    await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('sessions', 'rate_limits') order by 1`,
    ),
  ).map((row) => (row as { tablename: string }).tablename)
  const query = tables
    .map(
      (table) =>
        `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${table}" x`,
    )
    .join(' union all ')
  const rows = rowsOf(await db.execute(sql.raw(query))) as Row[]
  return Object.fromEntries(rows.map((row) => [row.t, `${row.n}:${row.h}`]))
}

/**
 * The fingerprint once nothing is changing any more: mail is queued to be written a moment after the
 * auth library's work (accounts/auth.server.ts), so a property's last answer may still be landing.
 */
async function settledFingerprint() {
  let previous = await databaseFingerprint()
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    const next = await databaseFingerprint()
    if (JSON.stringify(next) === JSON.stringify(previous)) return next
    previous = next
  }
  return previous
}

export type FuzzCase<Input> = {
  handler: RouteHandler
  inputs: fc.Arbitrary<Input>
  call: (input: Input) => RouteCall
  /** Every input is invalid: the database must be the same before and after the whole property. */
  changesNothing?: boolean
  /** More checks of one answer. */
  check?: (outcome: RouteOutcome, input: Input) => void | Promise<void>
  numRuns?: number
}

/**
 * Calls a route with `numRuns` generated inputs: every answer is a Response, `data()` or value below
 * 500 (a thrown error, a 5xx or a `console.error` fails the property with the input that caused it).
 */
export async function fuzzRoute<Input>({
  handler,
  inputs,
  call,
  changesNothing = false,
  check,
  numRuns = FUZZ_RUNS,
}: FuzzCase<Input>) {
  const before = changesNothing ? await settledFingerprint() : null
  const statuses = new Map<number, number>()
  await fc.assert(
    fc.asyncProperty(inputs, async (input) => {
      const outcome = await callRoute(handler, call(input))
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1)
      expect(outcome.status, JSON.stringify(outcome.data)?.slice(0, 300)).toBeLessThan(500)
      await check?.(outcome, input)
    }),
    { numRuns },
  )
  // FUZZ_STATS=1 prints how the answers were spread, to see that a property reaches past validation.
  if (process.env.FUZZ_STATS === '1') {
    console.info(expect.getState().currentTestName, Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))
  }
  if (before) expect(await settledFingerprint()).toEqual(before)
}

/** Nothing generated may have reached Object.prototype (`__proto__` keys in forms and JSON). */
export function expectNoPrototypePollution() {
  expect(Object.keys(Object.prototype)).toEqual([])
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}

/** A form posted with this intent (any `intent` the body already had is replaced). */
export function withIntent(intent: string, form: FormEntries): FormEntries {
  return [['intent', intent], ...form.filter(([name]) => name !== 'intent')]
}

/**
 * The forms of a page whose action has several intents: one of `intents` most of the time (each with
 * its own fields), sometimes anything else.
 */
export function intentForms(intents: Record<string, fc.Arbitrary<FormEntries>>): fc.Arbitrary<FormEntries> {
  const known = Object.entries(intents).map(([intent, form]) => form.map((entries) => withIntent(intent, entries)))
  const unknown = fc
    .tuple(
      nastyText(fc.constantFrom(...Object.keys(intents).map((intent) => intent.toUpperCase()))),
      ...Object.values(intents),
    )
    .map(([intent, ...forms]) => withIntent(fieldTextValue(intent), forms.flat()))
  return fc.oneof({ arbitrary: fc.oneof(...known), weight: 9 }, { arbitrary: unknown, weight: 1 })
}

function fieldTextValue(text: string) {
  return text.length < 100_000 ? text : text.slice(0, 10)
}

/** An id that names nothing the test made: a fresh uuid, or not a uuid at all. */
export function unknownIdText(...known: string[]) {
  return idText().filter((id) => !known.includes(id))
}

/** A JSON text inside a form field (guide steps, services): the right shape with anything in it, or not JSON. */
export function jsonField(shape: fc.Arbitrary<unknown>) {
  return fc.oneof(
    { arbitrary: shape.map((value) => JSON.stringify(value)), weight: 6 },
    { arbitrary: anyJson.map((value) => JSON.stringify(value) ?? ''), weight: 1 },
    {
      arbitrary: fc.constantFrom('', '[', '{"__proto__":{"polluted":1}}', '[{"__proto__":{"polluted":1}}]', '1e999'),
      weight: 1,
    },
  )
}

/** Text as JSON carries it: lone surrogates and controls survive (the form's own encoding would not). */
export function jsonText(...plausible: fc.Arbitrary<string>[]) {
  return fc.oneof(
    { arbitrary: nastyText(...plausible).filter((text) => text.length < 100_000), weight: 4 },
    { arbitrary: withUnsupportedCharacter(fc.string({ maxLength: 12 }), { surrogates: true }), weight: 1 },
  )
}
