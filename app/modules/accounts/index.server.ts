export { getAuth, resetAuth } from './auth.server.ts'
export { AUTH_LIMITS, allowQuoteModelUpload } from './limits.server.ts'
export { createDemoAccounts, createOrPromoteAdmin } from './provisioning.server.ts'
export { ADMIN_ROLE, CUSTOMER_ROLE, isAdminRole } from './roles.ts'
export {
  answerAuthLink,
  changePassword,
  getSessionUser,
  keepFirstShippingAddress,
  listProfilesByIds,
  profilesByIdsColumn,
  requestPasswordReset,
  resetPassword,
  retrieveProfile,
  searchCustomerOptions,
  signIn,
  signOut,
  signUp,
  updateProfile,
} from './service.server.ts'
export type {
  AccountRole,
  AdminUserDto,
  AuthOutcome,
  CustomerOptionDto,
  PasswordChangeOutcome,
  ProfileDto,
  SessionUser,
  ShippingAddress,
  UserChangeResult,
} from './types.ts'
export {
  countNewCustomers,
  createInvitation,
  deleteUser,
  findAdminByEmail,
  findUserByEmail,
  findUserIdsMatching,
  INVITATION_DAYS,
  listUsers,
  newCustomersCounts,
  retrievePasswordTokenEmail,
  retrieveUser,
  type UserAudit,
  type UserListFilter,
  updateUser,
  userIdsMatching,
} from './users.server.ts'
