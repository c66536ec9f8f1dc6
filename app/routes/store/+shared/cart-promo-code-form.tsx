import { type FormEvent, useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { describedBy, Field } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import type { action as cartPricingAction } from '#app/routes/resources/cart-pricing.ts'
import { type CartItem, normalizePromoCode, PROMO_CODE_MAX_LENGTH } from '#app/rules/cart-lines.ts'
import { submitPricing } from './cart-pricing.ts'

/**
 * The cart's promo code: Apply asks the server whether the code applies. The pricing route's
 * clientAction raises the answer's toast and stores an accepted code (the cart is then priced
 * with it); a refused code's reason is shown beside the field.
 */
export function CartPromoCodeForm({
  items,
  appliedCode,
  country,
}: {
  items: CartItem[]
  appliedCode: string | null
  country: string | null
}) {
  const promoFetcher = useFetcher<typeof cartPricingAction>()
  const [codeText, setCodeText] = useState(appliedCode ?? '')
  const codeId = useId()
  const answer = promoFetcher.data
  const error = answer && 'fieldErrors' in answer ? answer.fieldErrors?.promoCode : undefined

  useEffect(() => setCodeText(appliedCode ?? ''), [appliedCode])

  function handleApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = normalizePromoCode(codeText)
    if (code) void submitPricing(promoFetcher.submit, items, code, country, 'apply-promo')
  }

  return (
    <form onSubmit={handleApply}>
      <Field id={codeId} label="Promo code" error={error}>
        <div className="flex gap-2">
          <Input
            {...describedBy(codeId, { error })}
            name="promoCode"
            value={codeText}
            onChange={(event) => setCodeText(event.target.value)}
            maxLength={PROMO_CODE_MAX_LENGTH}
            placeholder="Enter code"
            autoComplete="off"
            autoCapitalize="characters"
          />
          <Button type="submit" variant="secondary" disabled={!codeText.trim() || promoFetcher.state !== 'idle'}>
            {promoFetcher.state !== 'idle' ? <Spinner /> : null}
            Apply
          </Button>
        </div>
      </Field>
    </form>
  )
}
