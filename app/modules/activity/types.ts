import type { ChangeActor, FieldChange } from '#app/rules/changes.ts'

export type ActivityActor = ChangeActor

export type ActivityEntry = {
  actor: ActivityActor
  action: string
  recordType: string
  recordId: string
  recordLabel?: string
  changes?: Record<string, FieldChange>
}

export type ActivityDto = {
  id: string
  actorId: string | null
  actorLabel: string
  action: string
  recordType: string
  recordId: string
  recordLabel: string
  changes: Record<string, FieldChange>
  createdAt: Date
}
