/**
 * The back-office settings form (Shop section) as a browser posts it: the shop's legal details,
 * orders processing once paid, 5.00 default shipping, shipping worldwide.
 * @example await post({ ...shopSettingsForm, defaultShipping: '6.00' })
 */
export const shopSettingsForm = {
  intent: 'save-shop',
  legalName: 'LayerWorks 3D LLC',
  address: '1 Printer Way\nAustin, TX 78701',
  email: 'billing@layerworks.test',
  taxId: 'US-12-3456789',
  paidOrderStatus: 'processing',
  defaultShipping: '5.00',
  shippingCountries: '',
}
