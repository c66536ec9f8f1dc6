import { Trash2Icon } from 'lucide-react'
import { Link } from 'react-router'
import { ResponsiveImage } from '#app/components/content/responsive-image.tsx'
import { LineAttachments } from '#app/components/made-to-order/line-attachments.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { updateCart } from '#app/hooks/use-cart.ts'
import { type CartItem, removeCartItem, updateCartItem } from '#app/rules/cart-lines.ts'
import { formatMoney } from '#app/rules/money.ts'
import { printMeasuresText, printOptionsText } from '#app/rules/print-line.ts'
import { cn } from '#app/utils/misc.ts'
import { CartPriceSkeleton } from './cart-price-skeleton.tsx'
import type { PricedLine } from './cart-pricing.ts'
import { CartQuantityStepper } from './cart-quantity-stepper.tsx'

export function CartLine({
  item,
  priced,
  unavailable: gone,
  selectionRequired,
  problem = null,
}: {
  item: CartItem
  priced: PricedLine | null
  unavailable: boolean
  /** Why a print line has no price (its model is gone, too large at its units…), from the server. */
  problem?: string | null
  /** A product with variations whose line names none: the customer picks one on its page. */
  selectionRequired: boolean
}) {
  const unavailable = gone || selectionRequired
  const title = priced?.title ?? item.title
  const variationName = priced?.variationName ?? item.selectedVariation?.name ?? null
  // A print of the customer's own model has no product page: its link goes back to the quote.
  const href = item.print ? '/instant-quote' : `/products/${item.id}`
  return (
    <li className="flex gap-4 py-4" data-testid="cart-item">
      <Link to={href} tabIndex={-1} aria-hidden className="block w-20 shrink-0 sm:w-32">
        <ResponsiveImage
          source={priced?.image}
          alt=""
          width={160}
          height={120}
          sizes="(min-width: 640px) 128px, 80px"
          widths={[160, 320]}
          // The lines are the top of the cart page.
          loading="eager"
          className={cn('aspect-[4/3] w-full rounded-md border bg-muted object-cover', unavailable && 'grayscale')}
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold leading-tight">
              <Link to={href} className="hover:text-primary hover:underline">
                {title}
              </Link>
            </h2>
            {variationName ? <p className="text-muted-foreground text-sm">{variationName}</p> : null}
            {priced?.print ? <PrintLineFacts print={priced.print} /> : null}
            {unavailable ? (
              <p className="font-medium text-destructive text-sm">
                {problem ?? (selectionRequired ? 'Please select a variation.' : 'No longer available')}
              </p>
            ) : (
              <p className="text-muted-foreground text-sm">
                {priced ? `${formatMoney(priced.unitPriceCents)} each` : <CartPriceSkeleton />}
              </p>
            )}
          </div>
          {unavailable ? null : (
            <p className="font-semibold" data-testid="line-total">
              {priced ? formatMoney(priced.lineTotalCents) : <CartPriceSkeleton />}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {unavailable && !item.print ? <span /> : <CartQuantityStepper item={item} title={title} />}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => updateCart((current) => removeCartItem(current, item.cartId))}
            aria-label={`Remove ${title} from cart`}
          >
            <Trash2Icon aria-hidden />
            Remove
          </Button>
        </div>
        {item.print ? null : (
          <LineAttachments
            title={variationName ? `${title} (${variationName})` : title}
            note={item.note}
            modelFile={item.modelFile}
            onNoteChange={(note) => updateCart((current) => updateCartItem(current, item.cartId, { note }))}
            onModelFileChange={(modelFile) =>
              updateCart((current) => updateCartItem(current, item.cartId, { modelFile }))
            }
          />
        )}
      </div>
    </li>
  )
}

/** A print line's options and measures as the server priced them. */
function PrintLineFacts({ print }: { print: NonNullable<PricedLine['print']> }) {
  return (
    <div className="text-muted-foreground text-sm" data-testid="print-line-facts">
      <p>{printOptionsText(print)}</p>
      <p>{printMeasuresText(print)}</p>
    </div>
  )
}
