import type { AdminActionResult } from './use-action-toast.ts'

/**
 * The answer of a content page's action (updates, policies, about), to a fetcher or to the page
 * itself when it was posted before JavaScript had loaded. A refused form gets back what it sent.
 */
export type ContentActionResult<Values = Record<string, string>> = AdminActionResult<string, Values>

/** The text of each named field of a posted form, for sending a refused form back as it was. */
export function formValues<Name extends string>(fields: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = fields.get(name)
      return [name, typeof value === 'string' ? value : '']
    }),
  ) as Record<Name, string>
}
