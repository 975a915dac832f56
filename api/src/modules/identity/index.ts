/**
 * The identity module's one door: accounts and every way into them — registration and sign-in
 * (passwords, e-mail codes, social providers, passkeys, 2FA), sessions and tokens, account
 * security (the proof rule, the security timeline), profiles, linked accounts and avatars.
 * It imports no other module; other modules react to its changes through domain events
 * (`emailVerified`, `signInDetailsChanged`, `userDeletionRequested`, `userDeleted`).
 */
export { assertClassified, inlinePasswordOf, MUTATION_PROOF, needsProof } from './accountSecurity/policy.js';
export { twoFactorRecoveryRoutes } from './accountSecurity/recoveryRoutes.js';
export { guardAuthRoutes } from './accountSecurity/restGuard.js';
export { AccountSecurity } from './accountSecurity/service.js';
export { requireRecentProof, stampProof } from './accountSecurity/window.js';
export { configurePasswordHashing } from './auth/passwords.js';
export { authRoutes } from './auth/routes.js';
export { SessionListService } from './auth/sessionList.js';
export { SessionService } from './auth/sessions.js';
export { createProviders } from './auth/social/providers.js';
export { socialRoutes } from './auth/social/routes.js';
export { SocialAuthService } from './auth/social/service.js';
export { accessTokenExpiry } from './auth/tokens.js';
export { CredentialService } from './credentials/service.js';
export { uploadRoutes } from './uploads/routes.js';
export { imageFileName, type ImageSize, UploadService, uploadUrl } from './uploads/service.js';
export { AdminUserService } from './users/adminUsers.js';
export { LinkedAccountService } from './users/linked.js';
export { UserService } from './users/profile.js';
