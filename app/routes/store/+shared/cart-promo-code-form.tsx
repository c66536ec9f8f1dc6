import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { showToast } from '#app/components/ui/toaster.tsx'
import { writePromoCode } from '#app/hooks/use-cart.ts'
import type { action as cartPricingAction } from '#app/routes/resources/cart-pricing.ts'
import { type CartItem, normalizePromoCode, PROMO_CODE_MAX_LENGTH } from '#app/rules/cart.ts'
import { asPricing, type PricingResult, submitPricing } from './cart-pricing.ts'

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
  const handled = useRef<PricingResult | undefined>(undefined)
  const codeId = useId()

  useEffect(() => setCodeText(appliedCode ?? ''), [appliedCode])

  // The server's answer to Apply: a valid code is stored, and the cart is re-priced with it.
  useEffect(() => {
    const result = promoFetcher.data
    if (promoFetcher.state !== 'idle' || !result || handled.current === result) return
    handled.current = result
    const checked = asPricing(result)
    if (checked?.promoValid && checked.promoCode) {
      writePromoCode(checked.promoCode)
      showToast({ title: 'Promo Code Applied!', description: "You've received a discount." })
    } else {
      showToast({
        title: 'Invalid Promo Code',
        description: checked?.promoProblem ?? 'The code you entered is not valid.',
        variant: 'destructive',
      })
    }
  }, [promoFetcher.state, promoFetcher.data])

  function handleApply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = normalizePromoCode(codeText)
    if (code) void submitPricing(promoFetcher.submit, items, code, country)
  }

  return (
    <form className="flex flex-col gap-1.5" onSubmit={handleApply}>
      <Label htmlFor={codeId}>Promo code</Label>
      <div className="flex gap-2">
        <Input
          id={codeId}
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
    </form>
  )
}
