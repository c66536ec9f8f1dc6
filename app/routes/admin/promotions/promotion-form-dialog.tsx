import { useState } from 'react'
import { useFetcher } from 'react-router'
import { ChoicePicker } from '#app/components/admin/choice-picker.tsx'
import { describedBy, Field, FieldError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '#app/components/ui/dialog.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { NativeSelect } from '#app/components/ui/select.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { useActionAnswer } from '#app/hooks/use-action-answer.ts'
import { PROMO_CODE_MAX_LENGTH } from '#app/modules/promotions/schemas.ts'
import type { ActionResult } from '#app/utils/action-result.ts'
import type { Choice, PromotionRow } from './promotion-types.ts'

const todayUtc = () => new Date().toISOString().slice(0, 10)

export function PromotionFormDialog({
  promotion,
  products,
  categories,
  onClose,
}: {
  /** The promotion to edit; null for a new one. */
  promotion: PromotionRow | null
  products: Choice[]
  categories: Choice[]
  onClose: () => void
}) {
  const fetcher = useFetcher<ActionResult>()
  useActionAnswer(fetcher, { onOk: onClose })
  const busy = fetcher.state !== 'idle'
  // The server's refusal names each field's problem; it is shown beside the field.
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  const [type, setType] = useState(promotion?.type ?? 'percentage')
  const [appliesTo, setAppliesTo] = useState<string>(promotion?.appliesTo ?? 'all')
  const value = promotion
    ? promotion.type === 'fixed'
      ? (promotion.value / 100).toFixed(2)
      : String(promotion.value)
    : ''
  const title = promotion ? `Edit Promotion ${promotion.code}` : 'New Promotion'

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Dates are whole days in UTC, from the start of the first to the end of the last.
            {promotion ? '' : ' A new promotion is scheduled and works from its start date.'}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value={promotion ? 'update' : 'create'} />
          {promotion ? <input type="hidden" name="promotionId" value={promotion.id} /> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="promotion-name" label="Name" error={errors.name}>
              <Input
                {...describedBy('promotion-name', { error: errors.name })}
                name="name"
                defaultValue={promotion?.name}
                maxLength={120}
                required
              />
            </Field>
            <Field id="promotion-code" label="Code" error={errors.code}>
              <Input
                {...describedBy('promotion-code', { error: errors.code })}
                name="code"
                defaultValue={promotion?.code}
                maxLength={PROMO_CODE_MAX_LENGTH}
                className="font-mono uppercase"
                autoCapitalize="characters"
                required
              />
            </Field>
            <div className="grid gap-1.5">
              <Label htmlFor="promotion-type">Type</Label>
              <NativeSelect
                id="promotion-type"
                name="type"
                value={type}
                onChange={(event) => setType(event.target.value as typeof type)}
              >
                <option value="percentage">Percentage</option>
                <option value="fixed">Fixed amount</option>
              </NativeSelect>
            </div>
            <Field id="promotion-value" label={type === 'percentage' ? 'Value (%)' : 'Value ($)'} error={errors.value}>
              <Input
                {...describedBy('promotion-value', { error: errors.value })}
                name="value"
                type="number"
                inputMode="decimal"
                min={type === 'percentage' ? 1 : 0.01}
                max={type === 'percentage' ? 100 : undefined}
                step={type === 'percentage' ? 1 : 0.01}
                defaultValue={value}
                required
              />
            </Field>
            <Field id="promotion-start" label="Start date" error={errors.startDate}>
              <Input
                {...describedBy('promotion-start', { error: errors.startDate })}
                name="startDate"
                type="date"
                defaultValue={promotion?.startDate ?? todayUtc()}
                required
              />
            </Field>
            <Field id="promotion-end" label="End date" error={errors.endDate}>
              <Input
                {...describedBy('promotion-end', { error: errors.endDate })}
                name="endDate"
                type="date"
                defaultValue={promotion?.endDate}
                required
              />
            </Field>
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor="promotion-applies-to">Applies to</Label>
              <NativeSelect
                id="promotion-applies-to"
                name="appliesTo"
                value={appliesTo}
                onChange={(event) => setAppliesTo(event.target.value)}
              >
                <option value="all">All products</option>
                <option value="products">Chosen products</option>
                <option value="categories">Chosen categories</option>
              </NativeSelect>
            </div>
          </div>
          {appliesTo === 'products' ? (
            <ChoicePicker
              legend="Products"
              name="productIds"
              noun="product"
              choices={products}
              chosen={promotion?.productIds ?? []}
            />
          ) : null}
          {appliesTo === 'products' ? <FieldError id="promotion-products" error={errors.productIds} /> : null}
          {appliesTo === 'categories' ? (
            <ChoicePicker
              legend="Categories"
              name="categoryIds"
              noun="category"
              choices={categories}
              chosen={promotion?.categoryIds ?? []}
            />
          ) : null}
          {appliesTo === 'categories' ? <FieldError id="promotion-categories" error={errors.categoryIds} /> : null}
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-medium text-sm">Usage limits</legend>
            <Field id="promotion-usage-limit" label="Uses in total" error={errors.usageLimit}>
              <Input
                {...describedBy('promotion-usage-limit', { error: errors.usageLimit })}
                name="usageLimit"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="No limit"
                defaultValue={promotion?.usageLimit ?? ''}
              />
            </Field>
            <Field id="promotion-per-customer-limit" label="Uses per customer" error={errors.perCustomerLimit}>
              <Input
                {...describedBy('promotion-per-customer-limit', { error: errors.perCustomerLimit })}
                name="perCustomerLimit"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="No limit"
                defaultValue={promotion?.perCustomerLimit ?? ''}
              />
            </Field>
            <p className="text-muted-foreground text-sm sm:col-span-2">
              Empty means no limit. Every order counts, and so does a checkout still open; a cancelled order gives its
              use back. A limit per customer asks shoppers to sign in before the code applies.
            </p>
          </fieldset>
          <div className="flex justify-end gap-2 border-t pt-4">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner /> : null} {promotion ? 'Save Changes' : 'Create Promotion'}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}
