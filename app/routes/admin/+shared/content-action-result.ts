/** The text of each named field of a posted form, for sending a refused form back as it was. */
export function formValues<Name extends string>(fields: FormData, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(
    names.map((name) => {
      const value = fields.get(name)
      return [name, typeof value === 'string' ? value : '']
    }),
  ) as Record<Name, string>
}
