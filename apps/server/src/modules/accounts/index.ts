// The accounts module's public face: VPN accounts, who may connect (access rules), sign-in and
// sessions, the subscription token, renew links, the panel's and the VPN apps' calls, and the
// operators' account actions. Other modules import from here, never from the files behind it.
export { accountOf, activeSince, REFUSAL_MESSAGES, refusal, usedMB } from './access.ts';
export {
  accountCredentials,
  createAccount,
  findUserById,
  findUserByUsername,
  generateUsername,
  insertAccount,
  newVpnId,
  startSubscription,
} from './accounts.ts';
export { rowOf, searchUsers, userAction, userByName } from './admin.ts';
export type { UserActionInput, UserActionResult } from './admin.ts';
export { bulkUsers } from './bulk.ts';
export { appRoutes } from './appRoutes.ts';
export { clearSessionCookies, cookieSecure, requireUser, sessionToken } from './auth.ts';
export { checkCredentials, throttledCheck } from './login.ts';
export { accountLanguage, HWID_LIMITS, hwidDeviceOf, registerHwidDevice } from './hwid.ts';
export type { HwidDevice, HwidOutcome } from './hwid.ts';
export {
  forgetRenewLink,
  RENEW_COOKIE,
  RENEW_COOKIE_SECONDS,
  renewalTarget,
  renewedTerms,
  renewToken,
  renewTokenUser,
  renewUrl,
} from './renewal.ts';
export { accountReset, runDataResets, usagePeriods } from './resets.ts';
export { ensureReferralCode, newReferralCode, userByReferralCode } from './referralCode.ts';
export { purgeExpiredSessions, userForSession } from './sessions.ts';
export { siteRoutes } from './siteRoutes.ts';
export { ensureSubToken, newSubToken, resetSubToken, subscriptionUrl } from './subToken.ts';
export { ACCOUNT_COMMANDS } from './cli.ts';
export { accountsAdminRoutes } from './adminRoutes.ts';
