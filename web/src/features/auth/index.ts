/** The auth feature's door: what other features use from it (they import nothing else of it). */
export { ConfirmPasswordField, CurrentPasswordField, NewPasswordField } from './NewPasswordField';
export { confirmation, newPassword, waitForCommonPasswords, withConfirmation, withContextWords } from './passwordRules';
export { type SocialMessage, isSocialLinkedState, linkErrorMessage, providerName, rememberSocialProvider } from './social';
export { useLeavingFor } from './useLeavingFor';
