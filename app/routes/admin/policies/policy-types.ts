import type { ActionResult } from '#app/utils/action-result.ts'

export const POLICY_FIELDS = ['policyId', 'title', 'summary', 'content'] as const
export type PolicyFormValues = Record<(typeof POLICY_FIELDS)[number], string>
export type PolicyActionResult = ActionResult<string, PolicyFormValues>

/** One policy of the back-office list. */
export type PolicyRow = { id: string; slug: string; title: string; summary: string; content: string; updatedAt: string }
