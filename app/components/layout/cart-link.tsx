import { ShoppingCartIcon } from 'lucide-react'
import { Link } from 'react-router'
import { useCartItems } from '#app/hooks/use-cart.ts'
import { cartQuantity } from '#app/rules/cart-lines.ts'

export function CartLink() {
  const quantity = cartQuantity(useCartItems())
  return (
    <Link
      to="/cart"
      className="relative inline-flex size-9 items-center justify-center rounded-md hover:bg-accent"
      aria-label={quantity > 0 ? `Cart, ${quantity} items` : 'Cart'}
    >
      <ShoppingCartIcon className="size-5" aria-hidden />
      {quantity > 0 ? (
        <span
          data-testid="cart-badge"
          className="-top-1 -right-1 absolute flex min-w-5 items-center justify-center rounded-full bg-primary px-1 font-semibold text-[11px] text-primary-foreground leading-5"
        >
          {quantity}
        </span>
      ) : null}
    </Link>
  )
}
