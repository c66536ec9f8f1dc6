import { MinusIcon, PlusIcon } from 'lucide-react'
import type * as React from 'react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string
  disabled: boolean
  onClick: () => void
  children: React.ReactNode
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size="icon"
      className="size-8"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  )
}

/**
 * A line's quantity, 1 to `max`, with minus and plus (the cart's and the order's lines). While
 * typing, a whole number of 1 or more is taken at once (more than `max` shows as `max`); leaving the
 * field turns anything else into 1 (storefront §5). `onChange` gets each new quantity.
 * @example <QuantityStepper name={title} quantity={quantity} max={MAX_LINE_QUANTITY} onChange={setQuantity} />
 */
export function QuantityStepper({
  name,
  quantity,
  max,
  onChange,
}: {
  /** The line's name, in the controls' labels. */
  name: string
  quantity: number
  max: number
  onChange: (quantity: number) => void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  const finish = () => {
    if (draft === null) return
    const typed = Number.parseInt(draft.trim(), 10)
    onChange(Number.isFinite(typed) ? typed : 1)
    setDraft(null)
  }
  return (
    <div className="flex items-center gap-1">
      <StepButton
        label={`Decrease quantity of ${name}`}
        disabled={quantity <= 1}
        onClick={() => onChange(quantity - 1)}
      >
        <MinusIcon aria-hidden />
      </StepButton>
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        step={1}
        aria-label={`Quantity of ${name}`}
        className="h-8 w-16 text-center"
        value={draft ?? String(quantity)}
        onChange={(event) => {
          const value = Number(event.target.value)
          const whole = Number.isInteger(value) && value >= 1
          if (whole) onChange(Math.min(max, value))
          setDraft(whole && value > max ? String(max) : event.target.value)
        }}
        onBlur={finish}
        onKeyDown={(event) => {
          if (event.key === 'Enter') finish()
        }}
      />
      <StepButton
        label={`Increase quantity of ${name}`}
        disabled={quantity >= max}
        onClick={() => onChange(quantity + 1)}
      >
        <PlusIcon aria-hidden />
      </StepButton>
    </div>
  )
}
