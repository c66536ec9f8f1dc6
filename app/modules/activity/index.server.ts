export { type ActivityFilter, listActivity, recordActivity } from './service.server.ts'
export type { ActivityActor, ActivityDto, ActivityEntry } from './types.ts'
