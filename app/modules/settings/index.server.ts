export { getShopSettings, updateShopSettings } from './service.server.ts'
export * from './shipping-rates.server.ts'
export type { PaidOrderStatus, ShopSettingsDto } from './types.ts'
