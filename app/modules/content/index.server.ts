export { retrieveAboutForm, saveAboutContent } from './manage-about.server.ts'
export * from './manage-guides.server.ts'
export { createPolicy, deletePolicy, listAdminPolicies, updatePolicy } from './manage-policies.server.ts'
export { createService, deleteService, saveServices } from './manage-services.server.ts'
export * from './manage-updates.server.ts'
export {
  listGuideCategories,
  listPolicies,
  listPolicySlugs,
  listServices,
  listVisibleGuideIds,
  listVisibleGuides,
  listVisibleUpdates,
  retrieveAboutContent,
  retrievePolicy,
  retrieveVisibleGuide,
} from './service.server.ts'
export type * from './types.ts'
