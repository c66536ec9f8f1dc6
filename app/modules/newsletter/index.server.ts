export { subscribeToNewsletter } from './service.server.ts'
