import 'server-only';
export { createAccount, trialPlan, TRIAL_DAYS } from './create-account';
export { deleteAccount } from './delete-account';
export { findAccountBySlug, getAccount, type TAccountWithRole } from './get-account';
export { listAccounts } from './list-accounts';
export { serializeAccount, ACCOUNT_SELECT } from './serialize-account';
export { updateAccount } from './update-account';
