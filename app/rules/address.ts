/**
 * Where a parcel goes: the specification's street, city, state and zip, plus what a carrier needs
 * (recipient name, second address line, ISO 3166-1 alpha-2 country, phone). `street` is the first
 * address line. Profiles, checkouts, orders and invoices all keep this shape.
 */
export type PostalAddress = {
  name: string
  street: string
  line2: string
  city: string
  state: string
  zip: string
  country: string
  phone: string
}

export const emptyAddress: PostalAddress = {
  name: '',
  street: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  phone: '',
}

/** An address read from storage or a provider, with every field present (missing ones empty). */
export function withAddressDefaults(raw: Partial<Record<keyof PostalAddress, string | null>> | null | undefined) {
  const address = { ...emptyAddress }
  if (!raw) return address
  for (const key of Object.keys(emptyAddress) as (keyof PostalAddress)[]) {
    const value = raw[key]
    if (typeof value === 'string') address[key] = value
  }
  return address
}

/** The specification's rule for paying an invoice: street, city, state and zip all filled in. */
export function hasSpecAddress(address: PostalAddress | null | undefined): boolean {
  return Boolean(address?.street.trim() && address.city.trim() && address.state.trim() && address.zip.trim())
}

/** What a parcel needs: the specification's four fields plus the recipient and the country. */
export function canShipTo(address: PostalAddress | null | undefined): address is PostalAddress {
  return Boolean(address && hasSpecAddress(address) && address.name.trim() && address.country.trim())
}

/** The address as printed on a label or an invoice, one line per entry, empty lines left out. */
export function addressLines(address: PostalAddress, countryName: (code: string) => string = (code) => code) {
  const cityLine = [address.city, [address.state, address.zip].filter((part) => part.trim()).join(' ')]
    .filter((part) => part.trim())
    .join(', ')
  return [
    address.name,
    address.street,
    address.line2,
    cityLine,
    address.country ? countryName(address.country) : '',
    address.phone,
  ].filter((line) => line.trim())
}
