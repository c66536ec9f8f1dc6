import type { ActionResult } from '#app/utils/action-result.ts'

export type ProductListIntent = 'set-visibility' | 'archive' | 'restore' | 'delete'

/** The answer of the /admin/products action: whether it worked, and the toast that says so (back-office §8). */
export type ProductListActionResult = ActionResult<ProductListIntent>
