import { Trash2Icon } from 'lucide-react'
import { FieldError } from '#app/components/forms/field.tsx'
import { QuantityStepper } from '#app/components/forms/quantity-stepper.tsx'
import { LineAttachments } from '#app/components/made-to-order/line-attachments.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { updateOrder } from '#app/hooks/use-order.ts'
import { formatMoney } from '#app/rules/money.ts'
import {
  lineMaxQuantity,
  type OrderItem,
  type PricedOrderLine,
  removeOrderItem,
  setOrderItemQuantity,
  updateOrderItem,
} from '#app/rules/order.ts'

/** One line of the 'Your Order' panel: unit price, quantity (1 to the stock), remove, note and 3D model. */
export function OrderLine({
  item,
  items,
  priced,
  stock,
  errors = {},
}: {
  item: OrderItem
  items: OrderItem[]
  priced: PricedOrderLine | null
  /** The product's stock; null when it is no longer offered. */
  stock: number | null
  /** The server's refusal of this line, by field (`note`, `quantity`, …). */
  errors?: Record<string, string>
}) {
  const { note: noteError, ...lineErrors } = errors
  const lineError = Object.values(lineErrors)[0]
  const name = item.variation ? `${item.title} (${item.variation.name})` : item.title
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="order-line">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium leading-tight">{item.title}</p>
          {item.variation ? <p className="text-muted-foreground text-sm">{item.variation.name}</p> : null}
          {priced ? (
            <p className="text-muted-foreground text-sm" data-testid="order-line-unit-price">
              {formatMoney(priced.unitPriceCents)} each
            </p>
          ) : (
            <p className="font-medium text-destructive text-sm">No longer available</p>
          )}
        </div>
        {priced ? (
          <p className="shrink-0 font-semibold" data-testid="order-line-total">
            {formatMoney(priced.lineTotalCents)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {priced && stock !== null ? (
          <OrderQuantityStepper
            item={item}
            name={name}
            max={lineMaxQuantity(items, item.lineId, stock)}
            stock={stock}
          />
        ) : (
          <span />
        )}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => updateOrder((current) => removeOrderItem(current, item.lineId))}
          aria-label={`Remove ${name} from your order`}
        >
          <Trash2Icon aria-hidden />
          Remove
        </Button>
      </div>
      <FieldError id={`order-line-${item.lineId}`} error={lineError} />
      <LineAttachments
        title={name}
        note={item.note}
        noteError={noteError}
        modelFile={item.modelFile}
        onNoteChange={(note) => updateOrder((current) => updateOrderItem(current, item.lineId, { note }))}
        onModelFileChange={(modelFile) =>
          updateOrder((current) => updateOrderItem(current, item.lineId, { modelFile }))
        }
      />
    </li>
  )
}

function OrderQuantityStepper({
  item,
  name,
  max,
  stock,
}: {
  item: OrderItem
  name: string
  max: number
  stock: number
}) {
  const quantity = Math.min(item.quantity, max)
  return (
    <div className="flex flex-col gap-1">
      <QuantityStepper
        name={name}
        quantity={quantity}
        max={max}
        onChange={(value) => updateOrder((current) => setOrderItemQuantity(current, item.lineId, value, stock))}
      />
      {quantity >= max ? (
        <p className="text-muted-foreground text-xs" data-testid="order-line-stock-limit">
          Only {stock} in stock
        </p>
      ) : null}
    </div>
  )
}
