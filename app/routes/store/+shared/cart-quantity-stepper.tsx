import { QuantityStepper } from '#app/components/forms/quantity-stepper.tsx'
import { updateCart } from '#app/hooks/use-cart.ts'
import { type CartItem, clampQuantity, MAX_LINE_QUANTITY, setCartItemQuantity } from '#app/rules/cart-lines.ts'

export function CartQuantityStepper({ item, title }: { item: CartItem; title: string }) {
  return (
    <QuantityStepper
      name={title}
      quantity={clampQuantity(item.quantity)}
      max={MAX_LINE_QUANTITY}
      onChange={(value) => updateCart((current) => setCartItemQuantity(current, item.cartId, value))}
    />
  )
}
