export { getShopSettings, updateShopSettings } from './service.server.ts'
export {
  deleteShippingZone,
  listShippingRates,
  listShippingZones,
  replaceShippingRates,
  type ShippingChangeResult,
  type ShippingRateCell,
  saveShippingZone,
} from './shipping-rates.server.ts'
export type { PaidOrderStatus, ShopSettingsDto } from './types.ts'
