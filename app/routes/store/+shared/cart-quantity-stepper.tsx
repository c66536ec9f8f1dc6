import { MinusIcon, PlusIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { updateCart } from '#app/hooks/use-cart.ts'
import {
  type CartItem,
  clampQuantity,
  MAX_LINE_QUANTITY,
  parseQuantityInput,
  setCartItemQuantity,
} from '#app/rules/cart-lines.ts'

export function CartQuantityStepper({ item, title }: { item: CartItem; title: string }) {
  const [draft, setDraft] = useState<string | null>(null)
  const quantity = clampQuantity(item.quantity)
  const commit = (value: number) => updateCart((current) => setCartItemQuantity(current, item.cartId, value))
  // While typing, only whole numbers of 1 or more are taken; leaving the field turns anything else into 1.
  const finish = () => {
    if (draft === null) return
    commit(parseQuantityInput(draft))
    setDraft(null)
  }
  return (
    <div className="flex items-center gap-1">
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Decrease quantity of ${title}`}
        disabled={quantity <= 1}
        onClick={() => commit(quantity - 1)}
      >
        <MinusIcon aria-hidden />
      </Button>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_LINE_QUANTITY}
        step={1}
        aria-label={`Quantity of ${title}`}
        className="h-8 w-16 text-center"
        value={draft ?? String(quantity)}
        onChange={(event) => {
          setDraft(event.target.value)
          const value = Number(event.target.value)
          if (Number.isInteger(value) && value >= 1) commit(value)
        }}
        onBlur={finish}
        onKeyDown={(event) => {
          if (event.key === 'Enter') finish()
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={`Increase quantity of ${title}`}
        disabled={quantity >= MAX_LINE_QUANTITY}
        onClick={() => commit(quantity + 1)}
      >
        <PlusIcon aria-hidden />
      </Button>
    </div>
  )
}
