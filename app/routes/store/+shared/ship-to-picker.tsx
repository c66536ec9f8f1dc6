import { useId, useMemo } from 'react'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { writeShipToCountry } from '#app/hooks/use-cart.ts'
import { countryOptions } from '#app/rules/countries.ts'

/**
 * The cart's 'Ship to' country: shipping is priced for it, and checkout asks for an address in
 * it. A native select, so a phone shows its own picker for a long list of countries.
 */
export function ShipToPicker({ shipTo }: { shipTo: { country: string; countries: string[] } }) {
  const id = useId()
  // Named and sorted once per list (up to 250 countries), not on every re-price.
  const listKey = shipTo.countries.join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's codes are its identity
  const options = useMemo(() => countryOptions(shipTo.countries), [listKey])
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>Ship to</Label>
      <NativeSelect
        id={id}
        name="shipTo"
        value={shipTo.country}
        onChange={(event) => writeShipToCountry(event.currentTarget.value)}
        options={options}
      />
    </div>
  )
}
