import type { AdminActionResult } from './use-action-toast.ts'

/** The answer of the guides, guide categories, services and settings actions; a refusal is a destructive toast. */
export type ContentAdminResult = AdminActionResult
