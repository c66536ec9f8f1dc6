// The back-office content pages answer through the one reply shape of every action.
export { refused, succeeded } from '#app/utils/action-reply.server.ts'
