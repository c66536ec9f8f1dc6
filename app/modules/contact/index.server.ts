export {
  addContactReply,
  attachReplyMail,
  type ContactInboxFilterInput,
  contactMessageLabel,
  countContactMessagesByStatus,
  countNewContactMessages,
  listContactMessages,
  listMessagesFromSender,
  newContactMessagesCount,
  retrieveContactFile,
  retrieveContactMessage,
  setContactMessageStatus,
} from './inbox.server.ts'
export { createContactMessage, type NewContactMessage } from './service.server.ts'
export type * from './types.ts'
