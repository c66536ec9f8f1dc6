export { subscribeToInvoice } from './service.server.ts'
