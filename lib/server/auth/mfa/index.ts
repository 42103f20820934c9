import 'server-only';

export { activateMfaMethod } from './activate-mfa-method';
export { changePrimaryMfaMethod } from './change-primary-mfa-method';
export { confirmMfaMethod } from './confirm-mfa-method';
export { deactivateMfaMethod } from './deactivate-mfa-method';
export { listActiveMfaMethods } from './list-active-mfa-methods';
export { mfaConfig } from './mfa-config';
export { regenerateBackupCodes } from './regenerate-backup-codes';
export { requestMfaCode } from './request-mfa-code';
export { EMAIL_SENT, isMfaName, MFA_METHODS, type TMfaName } from './shared';
