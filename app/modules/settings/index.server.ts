export * from './print-settings.server.ts'
export { getShopSettings, updateShopSettings } from './service.server.ts'
export * from './shipping-rates.server.ts'
export type {
  PaidOrderStatus,
  PrintColour,
  PrintMaterialDto,
  PrintSettingsDto,
  ShopSettingsDto,
} from './types.ts'
