export { createContactMessage } from './service.server.ts'
