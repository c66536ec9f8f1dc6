import type { RecordChoice } from '#app/components/admin/record-search-picker.tsx'
import type { CustomerOptionDto } from '#app/modules/accounts/types.ts'
import type { ProductOption } from '#app/modules/catalog/types.ts'

/** A customer as a picker shows it: the name with the e-mail that tells two of one name apart. */
export function customerChoice(customer: CustomerOptionDto): RecordChoice {
  return {
    id: customer.id,
    label: customer.fullName ? `${customer.fullName} (${customer.email})` : customer.email,
  }
}

/** A product as a picker shows it: the title, its status unless visible, its SKU, and its price. */
export function productChoice(product: ProductOption): RecordChoice {
  return {
    id: product.id,
    label: product.status === 'visible' ? product.title : `${product.title} (${product.status})`,
    detail: product.sku ?? undefined,
    priceCents: product.priceCents,
  }
}
